import type { PromoApplyResponse } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { addCredits } from '../../balance';
import { sessionKeys, useUpdateUser } from '../../session';

/** POST /v1/promocodes/{code}/ */
export function applyPromo(client: ApiClient, code: string): Promise<PromoApplyResponse> {
  return client.post<PromoApplyResponse>(`/v1/promocodes/${encodeURIComponent(code)}/`);
}

/**
 * Applies a code and adds the granted credits to the cached user at once (docs/SPEC.md §4), then takes the
 * server's word on it: the pushed `balance` may have arrived first and already counted them.
 */
export function useApplyPromo(config: MutationConfig<PromoApplyResponse, string> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: (code: string) => applyPromo(client, code),
    onSuccess: (answer, ...rest) => {
      updateUser((user) => ({ generationLimit: addCredits(user.generationLimit, answer.generationLimit) }));
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      config.onSuccess?.(answer, ...rest);
    },
  });
}
