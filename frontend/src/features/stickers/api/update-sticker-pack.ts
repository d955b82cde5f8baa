import type { StickerPackDto, StickerPackUpdateRequest } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { stickerKeys } from './keys';

export interface StickerPackUpdate extends StickerPackUpdateRequest {
  id: string;
}

/** PATCH /v1/stickers/{id}/: add, remove, retitle. */
export function updateStickerPack(
  client: ApiClient,
  { id, ...body }: StickerPackUpdate,
): Promise<StickerPackDto> {
  return client.patch<StickerPackDto>(`/v1/stickers/${encodeURIComponent(id)}/`, body);
}

export function useUpdateStickerPack(config: MutationConfig<StickerPackDto, StickerPackUpdate> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: StickerPackUpdate) => updateStickerPack(client, update),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: stickerKeys.all() });
      return config.onSuccess?.(...args);
    },
  });
}
