import type { AirdropDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { airdropKeys } from './keys';

/** GET /v1/users/airdrop/: the linked wallet and the share of all earned coins. */
export function getAirdrop(client: ApiClient): Promise<AirdropDto> {
  return client.get<AirdropDto>('/v1/users/airdrop/');
}

export function airdropQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: airdropKeys.summary(), queryFn: () => getAirdrop(client) });
}

export function useAirdrop() {
  return useQuery(airdropQueryOptions(useApiClient()));
}
