import type { Page, VotedItemDto } from '@mememint/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { nextPage } from './get-feed';
import { feedKeys } from './keys';

/** GET /v1/feed/voted/?page=: the player's votes, newest first, with outcomes. */
export function getVoted(client: ApiClient, page: number): Promise<Page<VotedItemDto>> {
  return client.get<Page<VotedItemDto>>('/v1/feed/voted/', { query: { page } });
}

export function votedInfiniteQueryOptions(client: ApiClient) {
  return infiniteQueryOptions({
    queryKey: feedKeys.voted(),
    queryFn: ({ pageParam }) => getVoted(client, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useVoted(enabled = true) {
  return useInfiniteQuery({ ...votedInfiniteQueryOptions(useApiClient()), enabled });
}
