import type { OrderStateDto } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/payment/success/: the player's latest order (the fallback when `order:paid` was missed). */
export function getLatestOrder(client: ApiClient): Promise<OrderStateDto> {
  return client.get<OrderStateDto>('/v1/payment/success/');
}
