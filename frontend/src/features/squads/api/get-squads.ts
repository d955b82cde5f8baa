import type { SquadListResponse } from '@mememint/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { squadKeys } from './keys';

/** GET /v1/squads/?page=: squads by all-time score, with the player's membership and switch cooldown. */
export function getSquads(client: ApiClient, page: number): Promise<SquadListResponse> {
  return client.get<SquadListResponse>('/v1/squads/', { query: { page } });
}

export function squadsInfiniteQueryOptions(client: ApiClient) {
  return infiniteQueryOptions({
    queryKey: squadKeys.list(),
    queryFn: ({ pageParam }) => getSquads(client, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useSquads() {
  return useInfiniteQuery(squadsInfiniteQueryOptions(useApiClient()));
}
