import { describe, expect, it, jest } from '@jest/globals';

import { InsufficientBalanceError } from '../src/ledger/ledger.errors.js';
import type { LedgerEntryRequest, LedgerService } from '../src/ledger/ledger.service.js';
import type { TestApp } from './helpers/test-app.js';
import { newTgId } from './helpers/telegram-login.js';
import { payout, useLedgerApp } from './helpers/ledger.js';

// The bulk batches take seconds on a shared two-core machine.
jest.setTimeout(30_000);

describe('ledger', () => {
  let t: TestApp;
  let ledger: LedgerService;
  useLedgerApp((app, service) => {
    t = app;
    ledger = service;
  });

  describe('bulk apply', () => {
    /** Users made straight in the table (a settlement pays thousands): balances 0, no rows. */
    async function newUsers(count: number): Promise<number[]> {
      const ids = Array.from({ length: count }, () => newTgId());
      await t.dataSource.query('INSERT INTO users (tg_id) SELECT unnest($1::bigint[])', [ids]);
      return ids;
    }

    async function coinsOf(ids: number[]): Promise<number[]> {
      const rows: { tg_id: string; meme_coins: number }[] = await t.dataSource.query(
        'SELECT tg_id, meme_coins FROM users WHERE tg_id = ANY($1::bigint[])',
        [ids],
      );
      const coins = new Map(rows.map((row) => [Number(row.tg_id), row.meme_coins]));
      return ids.map((id) => coins.get(id)!);
    }

    async function rowCount(ids: number[]): Promise<number> {
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM ledger_entries WHERE user_id = ANY($1::bigint[])',
        [ids],
      );
      return count;
    }

    async function noImbalances(ids: number[]): Promise<void> {
      const all = await ledger.findImbalances();
      expect(all.filter((imbalance) => ids.includes(imbalance.userId))).toEqual([]);
    }

    it('writes each entry once: duplicates in the batch and reruns of it change nothing', async () => {
      const ids = await newUsers(40);
      const boosted = ids[0]!;
      await t.dataSource.query(`UPDATE users SET boost_ends = now() + interval '1 day' WHERE tg_id = $1`, [
        boosted,
      ]);
      const entries: LedgerEntryRequest[] = [
        ...ids.map((id, i) => payout(id, 10 + i)),
        // Duplicates of the first ten: skipped like a rerun.
        ...ids.slice(0, 10).map((id) => payout(id, 999)),
        // A second key for the same users: its own entry.
        ...ids.map((id) => ({
          userId: id,
          kind: 'coins' as const,
          delta: 2,
          reason: 'like' as const,
          idempotencyKey: 'like:m1',
        })),
      ];
      const first = await ledger.applyBulk(entries);
      expect(first).toMatchObject({ written: 80, skipped: 10 });
      expect(first.balances.size).toBe(40);
      const expected = ids.map((_, i) => 10 + i + (i === 0 ? 2 * t.config.coins.boostedMultiplier : 2));
      expect(await coinsOf(ids)).toEqual(expected);
      expect(first.balances.get(boosted)).toMatchObject({ memeCoins: expected[0] });

      const rerun = await ledger.applyBulk(entries);
      expect(rerun).toEqual({ written: 0, skipped: entries.length, balances: new Map() });
      expect(await coinsOf(ids)).toEqual(expected);
      expect(await rowCount(ids)).toBe(80);
      const earned = await t.dataSource.query(
        `SELECT reason, earned, count(*)::int AS count FROM ledger_entries WHERE user_id = ANY($1::bigint[])
          GROUP BY reason, earned ORDER BY reason`,
        [ids],
      );
      expect(earned).toEqual([
        { reason: 'like', earned: true, count: 40 },
        { reason: 'pool-payout', earned: false, count: 40 },
      ]);
      await noImbalances(ids);
    });

    it('after a crash half-way, the rerun pays only what is missing', async () => {
      const ids = await newUsers(30);
      const entries = ids.map((id) => payout(id, 5));
      // The caller's transaction dies after the bulk apply: nothing of it stays.
      await expect(
        t.dataSource.transaction(async (em) => {
          await ledger.applyBulk(entries, {}, em);
          throw new Error('crash');
        }),
      ).rejects.toThrow('crash');
      expect(await rowCount(ids)).toBe(0);
      // A first batch got through before the crash.
      expect((await ledger.applyBulk(entries.slice(0, 12))).written).toBe(12);
      const rerun = await ledger.applyBulk(entries);
      expect(rerun).toMatchObject({ written: 18, skipped: 12 });
      expect(await coinsOf(ids)).toEqual(ids.map(() => 5));
      await noImbalances(ids);
    });

    it('parallel bulk applies with overlapping keys pay every key exactly once', async () => {
      const ids = await newUsers(25);
      // Ten workers, each paying days 0..9 shifted: every (user, day) appears in up to ten batches.
      const batch = (worker: number) =>
        ids.flatMap((id) =>
          Array.from({ length: 5 }, (_, d) =>
            payout(id, 1 + ((worker + d) % 10), `day:${(worker + d) % 10}`),
          ),
        );
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, worker) => ledger.applyBulk(batch(worker))),
      );
      const written = results.reduce((sum, result) => sum + result.written, 0);
      expect(written).toBe(25 * 10);
      // Day d pays 1 + d coins, once.
      const perUser = Array.from({ length: 10 }, (_, d) => 1 + d).reduce((sum, amount) => sum + amount, 0);
      expect(await coinsOf(ids)).toEqual(ids.map(() => perUser));
      expect(await rowCount(ids)).toBe(250);
      await noImbalances(ids);
    });

    it('a debit the balance cannot cover fails the batch, or clamps at 0 when allowed', async () => {
      const ids = await newUsers(3);
      await ledger.applyBulk(ids.map((id) => ({ ...payout(id, 10), reason: 'admin-grant' as const })));
      const stakes = (key: string): LedgerEntryRequest[] =>
        ids.map((id, i) => ({
          userId: id,
          kind: 'coins',
          delta: -(6 + i * 3),
          reason: 'vote',
          idempotencyKey: key,
        }));
      // The third would go to -2: nothing at all is taken.
      const error = await ledger.applyBulk(stakes('vote:a')).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InsufficientBalanceError);
      expect(error).toMatchObject({
        kind: 'coins',
        requested: 12,
        available: 10,
      });
      expect(await coinsOf(ids)).toEqual([10, 10, 10]);
      // Entries of one user apply in order: a second debit sees what the first left.
      const partial = await ledger.applyBulk(
        [
          ...stakes('vote:b'),
          { userId: ids[0]!, kind: 'coins', delta: -100, reason: 'revoke', idempotencyKey: 'r:1' },
        ],
        { allowPartial: true },
      );
      expect(partial.written).toBe(4);
      expect(await coinsOf(ids)).toEqual([0, 1, 0]);
      const deltas = await t.dataSource.query(
        `SELECT delta FROM ledger_entries WHERE user_id = $1 AND reason IN ('vote', 'revoke') ORDER BY id`,
        [ids[0]],
      );
      expect(deltas).toEqual([{ delta: -6 }, { delta: -4 }]);
      await noImbalances(ids);
    });

    it('refuses a batch naming a user who does not exist, or an entry without a key', async () => {
      const [id] = await newUsers(1);
      const missing = newTgId();
      await expect(ledger.applyBulk([payout(id!, 1), payout(missing, 1)])).rejects.toMatchObject({
        userId: missing,
      });
      await expect(ledger.applyBulk([payout(id!, 1, '')])).rejects.toThrow(/key/);
      expect(await rowCount([id!])).toBe(0);
    });
  });
});
