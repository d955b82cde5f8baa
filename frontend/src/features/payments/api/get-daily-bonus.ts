import type { DailyBonusDto } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/payment/daily-bonus/: the boost's bonus credits granted today (0 when none). */
export function getDailyBonus(client: ApiClient): Promise<DailyBonusDto> {
  return client.get<DailyBonusDto>('/v1/payment/daily-bonus/');
}
