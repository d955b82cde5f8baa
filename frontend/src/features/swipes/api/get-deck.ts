import type { SwipeDeckDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { swipeKeys } from './keys';

/** Cards asked for at a time; the deck asks again before the player runs out. */
export const DECK_SIZE = 20;

/** GET /v1/swipes/?limit= */
export function getDeck(client: ApiClient, limit = DECK_SIZE): Promise<SwipeDeckDto> {
  return client.get<SwipeDeckDto>('/v1/swipes/', { query: { limit } });
}

export function deckQueryOptions(client: ApiClient) {
  // Never stale by time: the deck is asked again when it runs low, not on a timer.
  return queryOptions({ queryKey: swipeKeys.deck(), queryFn: () => getDeck(client), staleTime: Infinity });
}

export function useDeckQuery() {
  return useQuery(deckQueryOptions(useApiClient()));
}
