import type { SquadDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { squadKeys } from './keys';

/** GET /v1/squads/{id}/ */
export function getSquad(client: ApiClient, id: number): Promise<SquadDto> {
  return client.get<SquadDto>(`/v1/squads/${id}/`);
}

export function squadQueryOptions(client: ApiClient, id: number) {
  return queryOptions({ queryKey: squadKeys.detail(id), queryFn: () => getSquad(client, id) });
}

export function useSquad(id: number) {
  return useQuery(squadQueryOptions(useApiClient(), id));
}
