import type { OrderGrants } from '@mememint/contracts';

import type { BalanceChange } from '../ledger/ledger.service.js';

/** The ledger changes of an order's grants (`sign` -1 takes them back). */
export function balanceChanges(grants: OrderGrants, sign: 1 | -1): BalanceChange[] {
  const changes: BalanceChange[] = [];
  if (grants.credits) changes.push({ kind: 'credits', delta: sign * grants.credits });
  if (grants.swipes) changes.push({ kind: 'swipes', delta: sign * grants.swipes });
  return changes;
}
