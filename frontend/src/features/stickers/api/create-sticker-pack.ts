import type { StickerPackCreateRequest, StickerPackDto } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /v1/stickers/ */
export function createStickerPack(
  client: ApiClient,
  body: StickerPackCreateRequest,
): Promise<StickerPackDto> {
  return client.post<StickerPackDto>('/v1/stickers/', body);
}

export function useCreateStickerPack(config: MutationConfig<StickerPackDto, StickerPackCreateRequest> = {}) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: StickerPackCreateRequest) => createStickerPack(client, body),
    onSuccess: config.onSuccess,
  });
}
