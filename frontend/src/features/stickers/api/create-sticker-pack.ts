import type { StickerPackCreateRequest, StickerPackDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { stickerKeys } from './keys';

/** POST /v1/stickers/: answers once Telegram made the set (`stickers:progress` meanwhile). */
export function createStickerPack(
  client: ApiClient,
  body: StickerPackCreateRequest,
): Promise<StickerPackDto> {
  return client.post<StickerPackDto>('/v1/stickers/', body);
}

export function useCreateStickerPack(config: MutationConfig<StickerPackDto, StickerPackCreateRequest> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StickerPackCreateRequest) => createStickerPack(client, body),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: stickerKeys.all() });
      return config.onSuccess?.(...args);
    },
  });
}
