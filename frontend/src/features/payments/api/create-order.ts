import type { InvoiceDto, PlanKind } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';
import { PLAN_PATHS } from './get-plans';

/** GET /v1/tariff/{id}/, /v1/boost/{id}/, /v1/meme_tariff/{id}/: a pending order and its invoice link. */
export function createOrder(client: ApiClient, kind: PlanKind, planId: number): Promise<InvoiceDto> {
  return client.get<InvoiceDto>(`${PLAN_PATHS[kind]}${planId}/`);
}
