import type { UserDto } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useUpdateUser } from './get-me';

/** GET /v1/users/unboarding-finish/ (the spec's spelling) */
export function finishOnboarding(client: ApiClient): Promise<UserDto> {
  return client.get<UserDto>('/v1/users/unboarding-finish/');
}

/** Finishes onboarding and marks the cached user done, so the start-up gate lets them in. */
export function useFinishOnboarding(config: MutationConfig<UserDto> = {}) {
  const client = useApiClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: () => finishOnboarding(client),
    onSuccess: (user, ...rest) => {
      updateUser(() => ({ ...user, isOnboardingDone: true }));
      config.onSuccess?.(user, ...rest);
    },
  });
}
