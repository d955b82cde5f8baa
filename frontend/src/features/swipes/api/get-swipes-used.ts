import type { SwipesUsedDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { swipeKeys } from './keys';

/** GET /v1/swipes/used/ */
export function getSwipesUsed(client: ApiClient): Promise<SwipesUsedDto> {
  return client.get<SwipesUsedDto>('/v1/swipes/used/');
}

export function swipesUsedQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: swipeKeys.used(), queryFn: () => getSwipesUsed(client) });
}

/** Swipes used today and when the next one refills (asked only while `enabled`: the bar is empty). */
export function useSwipesUsed(enabled = true) {
  return useQuery({ ...swipesUsedQueryOptions(useApiClient()), enabled });
}
