import type { PendingGiftsDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { swipeKeys } from './keys';

/** GET /v1/swipes/gifts/: gifts rolled and not opened yet. */
export function getGifts(client: ApiClient): Promise<PendingGiftsDto> {
  return client.get<PendingGiftsDto>('/v1/swipes/gifts/');
}

export function giftsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: swipeKeys.gifts(), queryFn: () => getGifts(client) });
}

export function useGifts() {
  return useQuery(giftsQueryOptions(useApiClient()));
}
