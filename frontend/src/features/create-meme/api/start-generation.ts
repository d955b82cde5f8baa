import type { FaceChoice, GenerationCreatedDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { sessionKeys } from '../../session';
import { faceChoiceField } from '../FacePicker';

/** What the face goes into: a template, or the player's own uploaded photo. */
export type GenerationBase = { templateId: string } | { memeId: string };

export interface StartGenerationInput {
  photo?: Blob;
  templateId?: string;
  memeId?: string;
  text?: string;
  /** The multipart `faces` field: `all` or a JSON array of indices; none for the largest. */
  faces?: string;
}

/** POST /v1/memes/generations/ (multipart) */
export function startGeneration(
  client: ApiClient,
  input: StartGenerationInput,
): Promise<GenerationCreatedDto> {
  const form = new FormData();
  if (input.photo) form.append('photo', input.photo, 'face.jpg');
  if (input.templateId) form.append('templateId', input.templateId);
  if (input.memeId) form.append('memeId', input.memeId);
  // An empty text is sent: no caption (left out, the server would take the template's).
  if (input.text !== undefined) form.append('text', input.text);
  if (input.faces !== undefined) form.append('faces', input.faces);
  return client.post<GenerationCreatedDto>('/v1/memes/generations/', form);
}

export interface GenerationRequest {
  /**
   * A face photo the server has not checked yet; null when the server holds the current face (a photo
   * picked in this flow went through the face check, `PUT /v1/users/face/`, which stored it there).
   */
  face: Blob | null;
  base: GenerationBase | null;
  caption: string;
  /** Which faces of the base to replace (default the largest). */
  faces?: FaceChoice;
}

/** Starts a generation and refetches the user, whose credit it cost. */
export function useStartGeneration(config: MutationConfig<GenerationCreatedDto, GenerationRequest> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ face, base, caption, faces = 'largest' }: GenerationRequest) => {
      const photo = face ?? undefined;
      const into = base && ('templateId' in base ? { templateId: base.templateId } : { memeId: base.memeId });
      // An empty caption is sent as it is: no caption (a template's is only a suggestion).
      const field = faceChoiceField(faces);
      return startGeneration(client, {
        photo,
        text: caption.trim(),
        ...into,
        ...(field !== undefined ? { faces: field } : {}),
      });
    },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      config.onSuccess?.(...args);
    },
  });
}
