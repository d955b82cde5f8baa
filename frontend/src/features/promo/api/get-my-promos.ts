import type { Page, PromoCodeDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { promoKeys } from './keys';

/** GET /v1/promocodes/mine/: an influencer's codes with their use counts (the newest 50). */
export function getMyPromos(client: ApiClient): Promise<Page<PromoCodeDto>> {
  return client.get<Page<PromoCodeDto>>('/v1/promocodes/mine/', { query: { pageSize: 50 } });
}

export function myPromosQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: promoKeys.mine(), queryFn: () => getMyPromos(client) });
}

export function useMyPromos() {
  return useQuery(myPromosQueryOptions(useApiClient()));
}
