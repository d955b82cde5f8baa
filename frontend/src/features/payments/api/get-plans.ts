import type { BoostPlanDto, CreditPackDto, PlanKind, PlanListDto, SwipePackDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { paymentKeys } from './keys';

/** What each kind's list holds. */
export interface PlanOf {
  credit_pack: CreditPackDto;
  boost: BoostPlanDto;
  swipe_pack: SwipePackDto;
}

/** The list of each kind (docs/SPEC.md §7 "Payments"/"Swipes"); buying is `<path>{id}/`. */
export const PLAN_PATHS: Record<PlanKind, string> = {
  credit_pack: '/v1/tariff/',
  boost: '/v1/boost/',
  swipe_pack: '/v1/meme_tariff/',
};

/** GET /v1/tariff/?tariffType=basic_generation, GET /v1/boost/, GET /v1/meme_tariff/ */
export function getPlans<K extends PlanKind>(client: ApiClient, kind: K): Promise<PlanListDto<PlanOf[K]>> {
  const query = kind === 'credit_pack' ? '?tariffType=basic_generation' : '';
  return client.get<PlanListDto<PlanOf[K]>>(`${PLAN_PATHS[kind]}${query}`);
}

export function plansQueryOptions<K extends PlanKind>(client: ApiClient, kind: K) {
  return queryOptions({
    queryKey: paymentKeys.plans(kind),
    queryFn: () => getPlans(client, kind),
    staleTime: 5 * 60_000,
  });
}

export function usePlans<K extends PlanKind>(kind: K) {
  return useQuery(plansQueryOptions(useApiClient(), kind));
}
