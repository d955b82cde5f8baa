import { afterAll, beforeAll } from '@jest/globals';

import { type LedgerEntryRequest, LedgerService } from '../../src/ledger/ledger.service.js';
import { loginAs, newTgId } from './telegram-login.js';
import { createTestApp, type TestApp } from './test-app.js';

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

/**
 * Registers a ledger suite's app (beforeAll, afterAll), handed to `ready` with its ledger once up;
 * answers `newUser`, a user signed in to it.
 */
export function useLedgerApp(ready: (t: TestApp, ledger: LedgerService) => void): () => Promise<number> {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    ready(t, t.app.get(LedgerService));
  });
  afterAll(() => t.close());
  return () => newLedgerUser(t);
}
