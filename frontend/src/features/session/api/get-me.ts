import type { UserDto } from '@mememint/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { sessionKeys } from './keys';

/** GET /v1/auth/me/ */
export function getMe(client: ApiClient): Promise<UserDto> {
  return client.get<UserDto>('/v1/auth/me/');
}

/** The current user: put in the cache at sign-in, refetched only when something invalidates it. */
export function meQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: sessionKeys.me(), queryFn: () => getMe(client), staleTime: Infinity });
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

/** Local changes to the cached user (credits granted, a pushed balance). */
export function useUpdateUser(): (change: (user: UserDto) => Partial<UserDto>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (change) =>
      queryClient.setQueryData<UserDto>(sessionKeys.me(), (old) => (old ? { ...old, ...change(old) } : old)),
    [queryClient],
  );
}
