import type { FeedItemDto, FeedPeriod, FeedSort, Page } from '@mememint/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { feedKeys } from './keys';

/** GET /v1/feed/?period=&sort=&page= */
export function getFeed(
  client: ApiClient,
  period: FeedPeriod,
  sort: FeedSort,
  page: number,
): Promise<Page<FeedItemDto>> {
  return client.get<Page<FeedItemDto>>('/v1/feed/', { query: { period, sort, page } });
}

export function nextPage(last: Page<unknown>): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

export function feedInfiniteQueryOptions(client: ApiClient, period: FeedPeriod, sort: FeedSort) {
  return infiniteQueryOptions({
    queryKey: feedKeys.page(period, sort),
    queryFn: ({ pageParam }) => getFeed(client, period, sort, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useFeed(period: FeedPeriod, sort: FeedSort) {
  return useInfiniteQuery(feedInfiniteQueryOptions(useApiClient(), period, sort));
}
