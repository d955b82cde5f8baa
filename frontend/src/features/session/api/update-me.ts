import type { UserDto, UserPatch } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useUpdateUser } from './get-me';

/** PATCH /v1/users/me/: the player's own settings (the gender said on Profile). */
export function updateMe(client: ApiClient, patch: UserPatch): Promise<UserDto> {
  return client.patch<UserDto>('/v1/users/me/', patch);
}

/** Saves the settings and puts the user the server answered into the cache. */
export function useUpdateMe(config: MutationConfig<UserDto, UserPatch> = {}) {
  const client = useApiClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: (patch: UserPatch) => updateMe(client, patch),
    onSuccess: (user, ...rest) => {
      updateUser(() => user);
      config.onSuccess?.(user, ...rest);
    },
  });
}
