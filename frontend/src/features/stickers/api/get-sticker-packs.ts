import type { StickerPackListDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { stickerKeys } from './keys';

/** GET /v1/stickers/: the player's packs, newest first. */
export function getStickerPacks(client: ApiClient): Promise<StickerPackListDto> {
  return client.get<StickerPackListDto>('/v1/stickers/');
}

export function stickerPacksQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: stickerKeys.list(), queryFn: () => getStickerPacks(client) });
}

export function useStickerPacks() {
  return useQuery(stickerPacksQueryOptions(useApiClient()));
}
