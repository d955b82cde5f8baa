import type { MemeOfTheDayDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { ApiError } from '../../../lib/api-errors';
import { feedKeys } from './keys';

/** GET /v1/feed/meme-of-the-day/: the latest settled day; null before any day was settled (404). */
export async function getMemeOfTheDay(client: ApiClient): Promise<MemeOfTheDayDto | null> {
  try {
    return await client.get<MemeOfTheDayDto>('/v1/feed/meme-of-the-day/');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function memeOfTheDayQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: feedKeys.memeOfTheDay(), queryFn: () => getMemeOfTheDay(client) });
}

export function useMemeOfTheDay() {
  return useQuery(memeOfTheDayQueryOptions(useApiClient()));
}
