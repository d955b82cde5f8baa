import type { UserDto } from '@mememint/contracts';
import { queryOptions, replaceEqualDeep, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { keepNewerBalances, withNewerBalances } from '../balances';
import { sessionKeys } from './keys';

/** GET /v1/auth/me/ */
export function getMe(client: ApiClient): Promise<UserDto> {
  return client.get<UserDto>('/v1/auth/me/');
}

/**
 * The current user: put in the cache at sign-in, refetched only when something invalidates it. A
 * refetch answered with balances older than the cached ones (a pushed `balance` came meanwhile)
 * keeps the cached balances.
 */
export function meQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: () => getMe(client),
    staleTime: Infinity,
    structuralSharing: (old: unknown, next: unknown) =>
      old && next ? replaceEqualDeep(old, withNewerBalances(next as UserDto, old as UserDto)) : next,
  });
}

/**
 * The signed-in user, for screens behind the start-up gate (which put it in the cache). Being an
 * observer, it refetches `/auth/me/` when something invalidates the key (a finished generation).
 */
export function useUser(): UserDto {
  const { data } = useQuery(meQueryOptions(useApiClient()));
  if (!data) throw new Error('useUser before sign-in');
  return data;
}

/**
 * Local changes to the cached user (credits granted, a pushed balance). A change carrying balances
 * with their `balanceVersion` changes them only when it is newer than the cached ones (a late event,
 * an answer overtaken by a push): its other fields still apply.
 */
export function useUpdateUser(): (change: (user: UserDto) => Partial<UserDto>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (change) =>
      queryClient.setQueryData<UserDto>(sessionKeys.me(), (old) =>
        old ? { ...old, ...keepNewerBalances(old, change(old)) } : old,
      ),
    [queryClient],
  );
}
