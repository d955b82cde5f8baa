import {
  RATING_PAGE_SIZE,
  type RatingPeriod,
  type RatingPlayersResponse,
  type RatingSquadsResponse,
  type RatingTab,
} from '@mememint/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { ApiError } from '../../../lib/api-errors';
import { ratingKeys } from './keys';

export type RatingResponse<T extends RatingTab> = T extends 'squads'
  ? RatingSquadsResponse
  : RatingPlayersResponse;

/** GET /v1/users/rate/?tab=&period=&page= ; the `squad` tab outside a squad (404) is null. */
export async function getRating<T extends RatingTab>(
  client: ApiClient,
  tab: T,
  period: RatingPeriod,
  page: number,
): Promise<RatingResponse<T> | null> {
  try {
    return await client.get<RatingResponse<T>>('/v1/users/rate/', { query: { tab, period, page } });
  } catch (error) {
    if (tab === 'squad' && error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function ratingInfiniteQueryOptions<T extends RatingTab>(
  client: ApiClient,
  tab: T,
  period: RatingPeriod,
) {
  return infiniteQueryOptions({
    queryKey: ratingKeys.board(tab, period),
    queryFn: ({ pageParam }) => getRating(client, tab, period, pageParam),
    initialPageParam: 1,
    // `me` is one window around the player; the other tabs page by 20 until a short page.
    getNextPageParam: (last, _all, page) =>
      tab !== 'me' && last && last.items.length === RATING_PAGE_SIZE ? page + 1 : undefined,
  });
}

export function useRating<T extends RatingTab>(tab: T, period: RatingPeriod, enabled = true) {
  return useInfiniteQuery({ ...ratingInfiniteQueryOptions(useApiClient(), tab, period), enabled });
}
