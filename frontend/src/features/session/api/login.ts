import type { LoginRequest, LoginResponse } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** POST /v1/auth/login/: Telegram init data for the tokens (the client checks both are there). */
export function login(client: ApiClient, body: LoginRequest): Promise<Partial<LoginResponse>> {
  return client.post<Partial<LoginResponse>>('/v1/auth/login/', body);
}
