import type { DevInitDataRequest, DevInitDataResponse, DevTelegramResponse } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** POST /v1/auth/dev/init-data/: init data signed by the backend's development login (browsers only). */
export function getDevInitData(client: ApiClient, body: DevInitDataRequest): Promise<DevInitDataResponse> {
  return client.post<DevInitDataResponse>('/v1/auth/dev/init-data/', body);
}

/** GET /v1/auth/dev/telegram/: the fake Bot API the mock Telegram client pays invoices through. */
export function getDevTelegram(client: ApiClient): Promise<DevTelegramResponse> {
  return client.get<DevTelegramResponse>('/v1/auth/dev/telegram/');
}
