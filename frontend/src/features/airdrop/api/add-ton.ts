import type { AddTonRequest, AirdropDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useUpdateUser } from '../../session';
import { airdropKeys } from './keys';

/** POST /v1/users/add-ton/: the account and ton_proof exactly as TON Connect returned them. */
export function addTon(client: ApiClient, body: AddTonRequest): Promise<AirdropDto> {
  return client.post<AirdropDto>('/v1/users/add-ton/', body);
}

export function useAddTon(config: MutationConfig<AirdropDto, AddTonRequest> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: (body: AddTonRequest) => addTon(client, body),
    onSuccess: (...args) => {
      queryClient.setQueryData(airdropKeys.summary(), args[0]);
      updateUser(() => ({ hasTon: true }));
      return config.onSuccess?.(...args);
    },
  });
}
