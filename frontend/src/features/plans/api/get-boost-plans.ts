import type { BoostPlanDto, PlanListDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { plansKeys } from './keys';

/** GET /v1/boost/: the premium boosts (days, one-time and daily bonus credits). */
export function getBoostPlans(client: ApiClient): Promise<PlanListDto<BoostPlanDto>> {
  return client.get<PlanListDto<BoostPlanDto>>('/v1/boost/');
}

export function boostPlansQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: plansKeys.boosts(),
    queryFn: async () => (await getBoostPlans(client)).items,
    staleTime: 10 * 60_000,
  });
}

export function useBoostPlans() {
  return useQuery(boostPlansQueryOptions(useApiClient()));
}
