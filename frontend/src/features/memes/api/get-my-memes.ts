import type { MemeDto, Page } from '@mememint/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { memeKeys } from './keys';

/** GET /v1/memes/?page=: the player's own memes, newest first. */
export function getMyMemes(client: ApiClient, page: number): Promise<Page<MemeDto>> {
  return client.get<Page<MemeDto>>('/v1/memes/', { query: { page } });
}

export function myMemesInfiniteQueryOptions(client: ApiClient) {
  return infiniteQueryOptions({
    queryKey: memeKeys.mine(),
    queryFn: ({ pageParam }) => getMyMemes(client, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** Every page of the history, loaded on demand (Profile). */
export function useMyMemes() {
  return useInfiniteQuery(myMemesInfiniteQueryOptions(useApiClient()));
}

export function myMemesFirstPageQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: memeKeys.mineFirstPage(), queryFn: () => getMyMemes(client, 1) });
}

/** The newest page only (the sticker pack picker). */
export function useMyMemesFirstPage() {
  return useQuery(myMemesFirstPageQueryOptions(useApiClient()));
}
