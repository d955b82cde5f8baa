import type { PromoApplyResponse } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { addCredits } from '../../balance';
import { useUpdateUser } from '../../session';

/** POST /v1/promocodes/{code}/ */
export function applyPromo(client: ApiClient, code: string): Promise<PromoApplyResponse> {
  return client.post<PromoApplyResponse>(`/v1/promocodes/${encodeURIComponent(code)}/`);
}

/** Applies a code and adds the granted credits to the cached user. */
export function useApplyPromo(config: MutationConfig<PromoApplyResponse, string> = {}) {
  const client = useApiClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: (code: string) => applyPromo(client, code),
    onSuccess: (answer, ...rest) => {
      updateUser((user) => ({ generationLimit: addCredits(user.generationLimit, answer.generationLimit) }));
      config.onSuccess?.(answer, ...rest);
    },
  });
}
