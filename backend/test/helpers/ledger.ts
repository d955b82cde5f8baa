import type { LedgerEntryRequest } from '../../src/ledger/ledger.service.js';
import { loginAs, newTgId } from './telegram-login.js';
import type { TestApp } from './test-app.js';

/** A user signed in once, so its opening balances are written; its Telegram id. */
export async function newLedgerUser(t: TestApp): Promise<number> {
  const tgId = newTgId();
  await loginAs(t.server, t.config, { id: tgId });
  return tgId;
}

/** A settlement's coin payout to one user, keyed by its day unless told otherwise. */
export const payout = (userId: number, delta: number, key = 'settlement:2025-01-31'): LedgerEntryRequest => ({
  userId,
  kind: 'coins',
  delta,
  reason: 'pool-payout',
  idempotencyKey: key,
});
