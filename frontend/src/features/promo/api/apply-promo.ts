import type { PromoApplyResponse } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useUpdateUser } from '../../session';

/** POST /v1/promocodes/{code}/ */
export function applyPromo(client: ApiClient, code: string): Promise<PromoApplyResponse> {
  return client.post<PromoApplyResponse>(`/v1/promocodes/${encodeURIComponent(code)}/`);
}

/**
 * Applies a code and sets the balances it answers on the cached user by their version (the pushed
 * `balance` may have arrived first and already counted the credits: adding them again would count twice).
 */
export function useApplyPromo(config: MutationConfig<PromoApplyResponse, string> = {}) {
  const client = useApiClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: (code: string) => applyPromo(client, code),
    onSuccess: (answer, ...rest) => {
      updateUser(() => answer.balances);
      config.onSuccess?.(answer, ...rest);
    },
  });
}
