import { ErrorText, type GenerationCreatedDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { ApiError } from '../../../lib/api-errors';
import type { MutationConfig } from '../../../lib/react-query';
import { sessionKeys } from '../../session';
import { isFacePhotoUploaded, loadFacePhoto, markFacePhotoUploaded } from '../photo';

/** What the face goes into: a template, or the player's own uploaded photo. */
export type GenerationBase = { templateId: string } | { memeId: string };

export interface StartGenerationInput {
  photo?: Blob;
  templateId?: string;
  memeId?: string;
  /** The caption; an empty one means none (a template's own caption is not used then). */
  text?: string;
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
  if (input.text !== undefined) form.append('text', input.text);
  return client.post<GenerationCreatedDto>('/v1/memes/generations/', form);
}

export interface GenerationRequest {
  /** The face picked in this flow; without one, the photo saved on the device. */
  face: Blob | null;
  base: GenerationBase | null;
  caption: string;
}

/** The server has no face of this player yet (another device, or its photo was never sent). */
function needsFacePhoto(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.detail === ErrorText.facePhotoRequired;
}

/**
 * Starts a generation and refetches the user, whose credit it cost. The face photo travels only when
 * the server does not have it yet: once after it was picked, or when the server asks for it (refused
 * before anything is charged, so sending it then is no second spend).
 */
export function useStartGeneration(config: MutationConfig<GenerationCreatedDto, GenerationRequest> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ face, base, caption }: GenerationRequest) => {
      const into = base && ('templateId' in base ? { templateId: base.templateId } : { memeId: base.memeId });
      const input = { text: caption.trim(), ...into };
      const photo = isFacePhotoUploaded() ? undefined : (face ?? loadFacePhoto() ?? undefined);
      let created: GenerationCreatedDto;
      try {
        created = await startGeneration(client, { ...input, photo });
      } catch (error) {
        const saved = face ?? loadFacePhoto();
        if (photo || !saved || !needsFacePhoto(error)) throw error;
        created = await startGeneration(client, { ...input, photo: saved });
      }
      markFacePhotoUploaded();
      return created;
    },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      config.onSuccess?.(...args);
    },
  });
}
