import type { TonProofPayloadDto } from '@mememint/contracts';
import { useCallback } from 'react';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

/** GET /v1/users/ton-proof/payload/: asked before the TON Connect modal opens (a fresh one each time). */
export function getTonProofPayload(client: ApiClient): Promise<TonProofPayloadDto> {
  return client.get<TonProofPayloadDto>('/v1/users/ton-proof/payload/');
}

/** The request bound to the app's client, one function per client (the page's effect depends on it). */
export function useTonProofPayload(): () => Promise<TonProofPayloadDto> {
  const client = useApiClient();
  return useCallback(() => getTonProofPayload(client), [client]);
}
