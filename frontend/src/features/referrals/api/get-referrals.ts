import { RATING_PAGE_SIZE, type ReferralsResponse } from '@mememint/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { referralKeys } from './keys';

/** Friends per page of `GET /v1/users/referrals/` (the API's default page size). */
const PAGE_SIZE = RATING_PAGE_SIZE;

/** GET /v1/users/referrals/?page=: the invite link (the backend's config is its one source), counters, friends. */
export function getReferrals(client: ApiClient, page: number): Promise<ReferralsResponse> {
  return client.get<ReferralsResponse>('/v1/users/referrals/', { query: { page, pageSize: PAGE_SIZE } });
}

export function referralsInfiniteQueryOptions(client: ApiClient) {
  return infiniteQueryOptions({
    queryKey: referralKeys.list(),
    queryFn: ({ pageParam }) => getReferrals(client, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.items.length === PAGE_SIZE ? page + 1 : undefined),
  });
}

export function useReferrals() {
  return useInfiniteQuery(referralsInfiniteQueryOptions(useApiClient()));
}
