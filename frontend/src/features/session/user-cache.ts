import type { UserDto } from '@mememint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The current user lives in the query cache under this key; local changes (credits) go there too. */
export const ME_KEY = ['me'] as const;

export function useUpdateUser(): (change: (user: UserDto) => Partial<UserDto>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (change) => queryClient.setQueryData<UserDto>(ME_KEY, (old) => (old ? { ...old, ...change(old) } : old)),
    [queryClient],
  );
}
