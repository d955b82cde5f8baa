import type { PromoCreateRequest, PromoCreateResponse } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { WrongResponseError } from '../../../lib/api-errors';
import type { MutationConfig } from '../../../lib/react-query';
import { promoKeys } from './keys';

/** POST /v1/promocodes/ (influencers) */
export function createPromo(
  client: ApiClient,
  body: PromoCreateRequest,
): Promise<Partial<PromoCreateResponse>> {
  return client.post<Partial<PromoCreateResponse>>('/v1/promocodes/', body);
}

/** Creates a code from an optional description; resolves to the code, which the answer must carry. */
export function useCreatePromo(config: MutationConfig<string, string> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (description: string) => {
      const answer = await createPromo(client, description ? { description } : {});
      if (!answer?.id) throw new WrongResponseError();
      return answer.id;
    },
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: promoKeys.mine() });
      config.onSuccess?.(...args);
    },
  });
}
