import type { MemeDto, MemeUpdateRequest } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { announcePublishedMeme } from '../../../lib/new-memes';
import type { MutationConfig } from '../../../lib/react-query';
import { memeKeys } from './keys';

/** PATCH /v1/memes/{id}/: caption and publishing. */
export function updateMeme(client: ApiClient, id: string, body: MemeUpdateRequest): Promise<MemeDto> {
  return client.patch<MemeDto>(`/v1/memes/${encodeURIComponent(id)}/`, body);
}

/** Updates one meme and refreshes the player's meme lists (and, once it is published, the feed and the deck). */
export function useUpdateMeme(id: string, config: MutationConfig<MemeDto, MemeUpdateRequest> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemeUpdateRequest) => updateMeme(client, id, body),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: memeKeys.mine() });
      if (args[1].isPublished) announcePublishedMeme();
      config.onSuccess?.(...args);
    },
  });
}
