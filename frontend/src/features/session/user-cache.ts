import type { UserDto } from '@mememint/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../app/ApiContext';

/** The current user lives in the query cache under this key; local changes (credits) go there too. */
export const ME_KEY = ['me'] as const;

export function useUpdateUser(): (change: (user: UserDto) => Partial<UserDto>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (change) => queryClient.setQueryData<UserDto>(ME_KEY, (old) => (old ? { ...old, ...change(old) } : old)),
    [queryClient],
  );
}

/**
 * The signed-in user, for screens behind the start-up gate (which put it in the cache). Being an
 * observer, it refetches `/auth/me/` when something invalidates ME_KEY (a finished generation).
 */
export function useUser(): UserDto {
  const api = useApi();
  const { data } = useQuery({ queryKey: ME_KEY, queryFn: () => api.me(), staleTime: Infinity });
  if (!data) throw new Error('useUser before sign-in');
  return data;
}
