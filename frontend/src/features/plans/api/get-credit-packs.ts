import type { CreditPackDto, PlanListDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { plansKeys } from './keys';

/** GET /v1/tariff/?tariffType=basic_generation: the credit packs, titled in the player's language. */
export function getCreditPacks(client: ApiClient): Promise<PlanListDto<CreditPackDto>> {
  return client.get<PlanListDto<CreditPackDto>>('/v1/tariff/', { query: { tariffType: 'basic_generation' } });
}

export function creditPacksQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: plansKeys.creditPacks(),
    queryFn: async () => (await getCreditPacks(client)).items,
    staleTime: 10 * 60_000,
  });
}

export function useCreditPacks() {
  return useQuery(creditPacksQueryOptions(useApiClient()));
}
