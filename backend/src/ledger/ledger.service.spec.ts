import { beforeEach, describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { BalanceDto } from '@mememint/contracts';

import type { AppConfig } from '../config/app.config.js';
import type { TransactionHooks } from '../database/transaction-hooks.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { InsufficientBalanceError, LedgerUserNotFoundError } from './ledger.errors.js';
import { type BalancesChanged, LedgerEvents } from './ledger-events.js';
import type { LedgerKey, LedgerRepository, LedgerRow, LockedUser } from './ledger.repository.js';
import { type LedgerEntryRequest, LedgerService } from './ledger.service.js';

const FIELD = { credits: 'generationLimit', coins: 'memeCoins', swipes: 'swipes' } as const;

/** The repository's contract kept in memory: users, rows, and keys unique per user and kind. */
class MemoryLedgerRepository {
  readonly users = new Map<number, LockedUser>();
  readonly rows: LedgerRow[] = [];

  addUser(id: number, user: Partial<LockedUser> = {}): void {
    this.users.set(id, {
      balances: { generationLimit: 0, memeCoins: 0, swipes: 0, balanceVersion: 0 },
      boostEnds: null,
      infl: false,
      ...user,
    });
  }

  transaction<T>(_manager: EntityManager | undefined, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return work({} as EntityManager);
  }

  async lockUsers(_em: EntityManager, ids: readonly number[]): Promise<Map<number, LockedUser>> {
    const found = ids.filter((id) => this.users.has(id));
    return new Map(found.map((id) => [id, structuredClone(this.users.get(id)!)]));
  }

  async findWritten(_em: EntityManager, keys: readonly LedgerKey[]) {
    return this.rows
      .filter((row) =>
        keys.some(
          (key) =>
            key.userId === row.userId && key.kind === row.kind && key.idempotencyKey === row.idempotencyKey,
        ),
      )
      .map((row) => ({
        userId: row.userId,
        kind: row.kind,
        idempotencyKey: row.idempotencyKey!,
        delta: row.delta,
      }));
  }

  async write(
    _em: EntityManager,
    rows: readonly LedgerRow[],
  ): Promise<{ balances: Map<number, BalanceDto>; writtenAt: Date }> {
    const after = new Map<number, BalanceDto>();
    for (const userId of new Set(rows.map((row) => row.userId)))
      this.users.get(userId)!.balances.balanceVersion++;
    for (const row of rows) {
      const balances = this.users.get(row.userId)!.balances;
      balances[FIELD[row.kind]] += row.delta;
      if (balances[FIELD[row.kind]] < 0) throw new Error('the balance check failed');
      this.rows.push(row);
      after.set(row.userId, { ...balances });
    }
    return { balances: after, writtenAt: new Date() };
  }
}

describe('LedgerService', () => {
  let repository: MemoryLedgerRepository;
  let pending: (() => unknown)[];
  let events: BalancesChanged[];
  let ledger: LedgerService;
  let metrics: MetricsService;

  const commit = () => pending.splice(0).forEach((callback) => callback());

  beforeEach(() => {
    repository = new MemoryLedgerRepository();
    pending = [];
    events = [];
    const hooks = { afterCommit: (_em: EntityManager, callback: () => unknown) => pending.push(callback) };
    const ledgerEvents = new LedgerEvents();
    ledgerEvents.subscribe((change) => {
      events.push(change);
    });
    metrics = new MetricsService();
    ledger = new LedgerService(
      repository as unknown as LedgerRepository,
      hooks as unknown as TransactionHooks,
      ledgerEvents,
      { coins: { boostedMultiplier: 4 } } as AppConfig,
      metrics,
    );
    repository.addUser(1);
    repository.addUser(2, { infl: true });
    repository.addUser(3, { boostEnds: new Date(Date.now() + 60_000) });
  });

  it('multiplies and flags only the coins of an earned reason', async () => {
    const referral = await ledger.apply(
      2,
      [
        { kind: 'coins', delta: 500 },
        { kind: 'credits', delta: 1 },
      ],
      { reason: 'referral' },
    );
    expect(referral.deltas).toEqual({ coins: 2000, credits: 1 });
    await ledger.addCoins(2, 7, { reason: 'gift' });
    expect(
      repository.rows.map(({ reason, kind, delta, earned }) => ({ reason, kind, delta, earned })),
    ).toEqual([
      { reason: 'referral', kind: 'coins', delta: 2000, earned: true },
      { reason: 'referral', kind: 'credits', delta: 1, earned: false },
      { reason: 'gift', kind: 'coins', delta: 7, earned: false },
    ]);
    expect((await ledger.earnCoins(3, 1, { reason: 'swipe' })).deltas).toEqual({ coins: 4 });
    expect((await ledger.earnCoins(1, 1, { reason: 'swipe' })).deltas).toEqual({ coins: 1 });
  });

  it('refuses an earned debit, an unknown reason and a fractional delta before touching anything', async () => {
    await expect(ledger.apply(1, [{ kind: 'coins', delta: -1 }], { reason: 'quest' })).rejects.toThrow(
      /earned/,
    );
    await expect(ledger.addCoins(1, 1, { reason: 'bonus' as 'gift' })).rejects.toThrow(/reason/);
    await expect(ledger.addCoins(1, 0.5, { reason: 'gift' })).rejects.toThrow(/integer/);
    expect(repository.rows).toEqual([]);
  });

  it('answers a repeated key with the original deltas, writes and announces nothing', async () => {
    await ledger.addCredits(1, 5, { reason: 'purchase', idempotencyKey: 'order:1' });
    commit();
    const repeat = await ledger.addCredits(1, 9, { reason: 'purchase', idempotencyKey: 'order:1' });
    commit();
    expect(repeat).toEqual({
      applied: false,
      deltas: { credits: 5 },
      balances: { generationLimit: 5, memeCoins: 0, swipes: 0, balanceVersion: 1 },
    });
    expect(repository.rows).toHaveLength(1);
    expect(events).toHaveLength(1);
    // mememint_ledger_writes_total counts the one entry written, not the repeat.
    const writes = await metrics.registry.getSingleMetric('mememint_ledger_writes_total')!.get();
    expect(writes.values).toEqual([{ labels: { reason: 'purchase' }, value: 1 }]);
  });

  it('announces a change only when its transaction commits', async () => {
    await ledger.addSwipes(1, 10, { reason: 'purchase' });
    expect(events).toEqual([]);
    commit();
    expect(events).toEqual([
      {
        userId: 1,
        balances: { generationLimit: 0, memeCoins: 0, swipes: 10, balanceVersion: 1 },
        entries: [{ kind: 'swipes', delta: 10, reason: 'purchase', earned: false }],
        at: expect.any(Date),
      },
    ]);
  });

  it('fails a debit beyond the balance, or clamps it at 0 when partial is allowed', async () => {
    await ledger.addCoins(1, 3, { reason: 'admin-grant' });
    await expect(ledger.spendCoins(1, 5, { reason: 'vote' })).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect((await ledger.spendCoins(1, 5, { reason: 'revoke', allowPartial: true })).deltas).toEqual({
      coins: -3,
    });
  });

  describe('applyBulk', () => {
    const entry = (
      userId: number,
      delta: number,
      key: string,
      reason: LedgerEntryRequest['reason'] = 'pool-payout',
    ) => ({ userId, kind: 'coins', delta, reason, idempotencyKey: key }) satisfies LedgerEntryRequest;

    it('skips keys used before or earlier in the batch, multiplies earned entries per user', async () => {
      await ledger.applyBulk([entry(1, 10, 'day:1')]);
      const result = await ledger.applyBulk([
        entry(1, 10, 'day:1'),
        entry(2, 10, 'day:1'),
        entry(2, 99, 'day:1'),
        entry(2, 2, 'like:m', 'like'),
        entry(3, 2, 'like:m', 'like'),
      ]);
      expect(result.written).toBe(3);
      expect(result.skipped).toBe(2);
      expect([...result.balances.entries()]).toEqual([
        [2, { generationLimit: 0, memeCoins: 18, swipes: 0, balanceVersion: 1 }],
        [3, { generationLimit: 0, memeCoins: 8, swipes: 0, balanceVersion: 1 }],
      ]);
      commit();
      // One event per user and call, with that user's rows.
      expect(events.map((event) => [event.userId, event.entries.map((row) => row.delta)])).toEqual([
        [1, [10]],
        [2, [10, 8]],
        [3, [8]],
      ]);
    });

    it('applies one user’s entries in order against the running balance', async () => {
      const debits = [
        entry(1, 4, 'grant', 'admin-grant'),
        { ...entry(1, -3, 'v1'), reason: 'vote' as const },
      ];
      await ledger.applyBulk(debits);
      await expect(ledger.applyBulk([{ ...entry(1, -2, 'v2'), reason: 'vote' }])).rejects.toBeInstanceOf(
        InsufficientBalanceError,
      );
      const clamped = await ledger.applyBulk(
        [
          { ...entry(1, -2, 'v2'), reason: 'vote' },
          { ...entry(1, -2, 'v3'), reason: 'vote' },
        ],
        { allowPartial: true },
      );
      expect(repository.rows.slice(-2).map((row) => row.delta)).toEqual([-1, 0]);
      expect(clamped.balances.get(1)?.memeCoins).toBe(0);
    });

    it('refuses a missing user, a missing key or an earned debit, writing nothing', async () => {
      await expect(ledger.applyBulk([entry(1, 1, 'a'), entry(9, 1, 'a')])).rejects.toBeInstanceOf(
        LedgerUserNotFoundError,
      );
      await expect(ledger.applyBulk([entry(1, 1, '')])).rejects.toThrow(/key/);
      await expect(ledger.applyBulk([entry(1, -1, 'q', 'quest')])).rejects.toThrow(/earned/);
      expect(repository.rows).toEqual([]);
      expect(await ledger.applyBulk([])).toEqual({ written: 0, skipped: 0, balances: new Map() });
    });
  });
});
