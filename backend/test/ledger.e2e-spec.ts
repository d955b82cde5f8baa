import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BalanceDto } from '@mememint/contracts';
import { DataSource } from 'typeorm';

import { MIGRATIONS_TABLE } from '../src/database/database.options.js';
import { migrations } from '../src/database/migrations/index.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { InsufficientBalanceError, LedgerUserNotFoundError } from '../src/ledger/ledger.errors.js';
import { type BalancesChanged, LedgerEvents } from '../src/ledger/ledger-events.js';
import { type LedgerEntryRequest, LedgerService } from '../src/ledger/ledger.service.js';
import { newPlayer } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createTestDatabase } from './helpers/test-database.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';

// Building the migrated template (after a migration changed) and the bulk batches take seconds on a
// shared two-core machine.
jest.setTimeout(30_000);

describe('ledger', () => {
  let t: TestApp;
  let ledger: LedgerService;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(LedgerService);
  });
  afterAll(() => t.close());

  async function newUser(): Promise<number> {
    const tgId = newTgId();
    await loginAs(t.server, t.config, { id: tgId });
    return tgId;
  }

  async function balancesOf(tgId: number) {
    const [row] = await t.dataSource.query(
      'SELECT generation_limit, meme_coins, swipes, balance_version FROM users WHERE tg_id = $1',
      [tgId],
    );
    return {
      generationLimit: row.generation_limit,
      memeCoins: row.meme_coins,
      swipes: row.swipes,
      balanceVersion: Number(row.balance_version),
    };
  }

  it('writes the opening balances of a new user as ledger rows', async () => {
    const tgId = await newUser();
    const rows = await t.dataSource.query(
      'SELECT kind, delta, reason FROM ledger_entries WHERE user_id = $1 ORDER BY kind',
      [tgId],
    );
    expect(rows).toEqual([
      { kind: 'credits', delta: t.config.generation.newUserCredits, reason: 'opening' },
      { kind: 'swipes', delta: t.config.swipes.max, reason: 'opening' },
    ]);
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('of 100 parallel debits of a balance of 37 exactly 37 succeed, and it ends at 0 equal to its ledger', async () => {
    const tgId = await newUser();
    await ledger.addCredits(tgId, 37 - t.config.generation.newUserCredits, { reason: 'admin-grant' });
    expect((await balancesOf(tgId)).generationLimit).toBe(37);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ledger.spendCredits(tgId, 1, { reason: 'generation', idempotencyKey: `g${i}` }),
      ),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(37);
    expect(refused).toHaveLength(63);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(InsufficientBalanceError);

    expect((await balancesOf(tgId)).generationLimit).toBe(0);
    expect(await ledger.findImbalances(tgId)).toEqual([]);
    const [{ debits }] = await t.dataSource.query(
      `SELECT count(*)::int AS debits FROM ledger_entries WHERE user_id = $1 AND reason = 'generation'`,
      [tgId],
    );
    expect(debits).toBe(37);
  });

  it('grants once under 20 parallel requests with one idempotency key', async () => {
    const tgId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.earnCoins(tgId, 250, { reason: 'quest', idempotencyKey: 'quest:7' }),
      ),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    for (const result of results) expect(result.deltas).toEqual({ coins: 250 });
    expect((await balancesOf(tgId)).memeCoins).toBe(250);

    const repeat = await ledger.earnCoins(tgId, 250, { reason: 'quest', idempotencyKey: 'quest:7' });
    expect(repeat).toEqual({ applied: false, deltas: { coins: 250 }, balances: await balancesOf(tgId) });
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('keeps an idempotency key unused when the change failed', async () => {
    const tgId = await newUser();
    await expect(
      ledger.spendCoins(tgId, 10, { reason: 'vote', idempotencyKey: 'meme:1' }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    await ledger.addCoins(tgId, 10, { reason: 'admin-grant' });
    const spent = await ledger.spendCoins(tgId, 10, { reason: 'vote', idempotencyKey: 'meme:1' });
    expect(spent).toMatchObject({ applied: true, deltas: { coins: -10 }, balances: { memeCoins: 0 } });
  });

  it('changes several balances all or nothing', async () => {
    const tgId = await newUser();
    const before = await balancesOf(tgId);
    const error = await ledger
      .apply(
        tgId,
        [
          { kind: 'credits', delta: -1 },
          { kind: 'swipes', delta: -(t.config.swipes.max + 1) },
        ],
        { reason: 'admin-grant' },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect(error).toMatchObject({
      kind: 'swipes',
      requested: t.config.swipes.max + 1,
      available: t.config.swipes.max,
    });
    expect(await balancesOf(tgId)).toEqual(before);

    const both = await ledger.apply(
      tgId,
      [
        { kind: 'credits', delta: -1 },
        { kind: 'swipes', delta: 10 },
      ],
      { reason: 'admin-grant' },
    );
    expect(both.balances).toEqual({
      ...before,
      generationLimit: before.generationLimit - 1,
      swipes: before.swipes + 10,
      balanceVersion: before.balanceVersion + 1,
    });
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('clamps a partial debit at 0 and records what was taken', async () => {
    const tgId = await newUser();
    await ledger.addCoins(tgId, 30, { reason: 'admin-grant' });
    const taken = await ledger.spendCoins(tgId, 100, { reason: 'revoke', allowPartial: true });
    expect(taken).toMatchObject({ applied: true, deltas: { coins: -30 }, balances: { memeCoins: 0 } });
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('multiplies earned coins by 4 while boosted or for influencers, and nothing else', async () => {
    const plain = await newUser();
    expect((await ledger.earnCoins(plain, 5, { reason: 'swipe' })).deltas).toEqual({ coins: 5 });

    const influencer = await newUser();
    await t.dataSource.query('UPDATE users SET infl = true WHERE tg_id = $1', [influencer]);
    expect((await ledger.earnCoins(influencer, 5, { reason: 'swipe' })).deltas).toEqual({ coins: 20 });
    expect((await ledger.addCoins(influencer, 5, { reason: 'purchase' })).deltas).toEqual({ coins: 5 });

    const boosted = await newUser();
    await t.dataSource.query(`UPDATE users SET boost_ends = now() + interval '1 day' WHERE tg_id = $1`, [
      boosted,
    ]);
    expect((await ledger.earnCoins(boosted, 5, { reason: 'swipe' })).deltas).toEqual({ coins: 20 });

    const expired = await newUser();
    await t.dataSource.query(`UPDATE users SET boost_ends = now() - interval '1 second' WHERE tg_id = $1`, [
      expired,
    ]);
    expect((await ledger.earnCoins(expired, 5, { reason: 'swipe' })).deltas).toEqual({ coins: 5 });

    expect(ledger.multiplierFor({ boostEnds: null, infl: true })).toBe(t.config.coins.boostedMultiplier);
    expect(ledger.multiplierFor({ boostEnds: null, infl: false })).toBe(1);
  });

  it('joins the caller’s transaction: a rollback undoes the change', async () => {
    const tgId = await newUser();
    const before = await balancesOf(tgId);
    await expect(
      t.dataSource.transaction(async (em) => {
        await ledger.addCredits(tgId, 5, { reason: 'admin-grant' }, em);
        throw new Error('caller failed after the grant');
      }),
    ).rejects.toThrow('caller failed after the grant');
    expect(await balancesOf(tgId)).toEqual(before);
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('refuses unknown users and malformed changes', async () => {
    await expect(ledger.addCredits(newTgId(), 1, { reason: 'admin-grant' })).rejects.toBeInstanceOf(
      LedgerUserNotFoundError,
    );
    const tgId = await newUser();
    await expect(ledger.addCredits(tgId, 1.5, { reason: 'admin-grant' })).rejects.toThrow(/integer/);
    await expect(
      ledger.apply(
        tgId,
        [
          { kind: 'coins', delta: 1 },
          { kind: 'coins', delta: 2 },
        ],
        { reason: 'admin-grant' },
      ),
    ).rejects.toThrow(/twice/);
    await expect(ledger.apply(tgId, [{ kind: 'coins', delta: -1 }], { reason: 'swipe' })).rejects.toThrow(
      /earned/,
    );
  });

  it('finds a balance changed behind the ledger’s back', async () => {
    const tgId = await newUser();
    await t.dataSource.query('UPDATE users SET meme_coins = meme_coins + 7 WHERE tg_id = $1', [tgId]);
    expect(await ledger.findImbalances(tgId)).toEqual([
      { userId: tgId, kind: 'coins', balance: 7, ledgerSum: 0 },
    ]);
  });

  it('stores which rows are earned, by their reason: coins of swipes, likes, referrals, quests …', async () => {
    const tgId = await newUser();
    await ledger.earnCoins(tgId, 1, { reason: 'swipe' });
    await ledger.addCoins(tgId, 7, { reason: 'gift' });
    await ledger.apply(
      tgId,
      [
        { kind: 'coins', delta: 500 },
        { kind: 'credits', delta: 1 },
      ],
      { reason: 'referral', idempotencyKey: 'referral:1' },
    );
    const rows = await t.dataSource.query(
      `SELECT reason, kind, delta, earned FROM ledger_entries WHERE user_id = $1 AND reason <> 'opening' ORDER BY id`,
      [tgId],
    );
    expect(rows).toEqual([
      { reason: 'swipe', kind: 'coins', delta: 1, earned: true },
      { reason: 'gift', kind: 'coins', delta: 7, earned: false },
      { reason: 'referral', kind: 'coins', delta: 500, earned: true },
      { reason: 'referral', kind: 'credits', delta: 1, earned: false },
    ]);
    await expect(ledger.addCoins(tgId, 1, { reason: 'bonus' as 'gift' })).rejects.toThrow(/reason/);
  });

  it('migrates the rows written before the earned flag: the referral coins are earned', async () => {
    const database = await createTestDatabase({ migrated: false });
    // The schema as it was then (the later migrations, e.g. the ledger's partitions, need the flag).
    const before = migrations.slice(
      0,
      migrations.findIndex((migration) => migration.name === 'LedgerEntriesEarned1795429045906'),
    );
    expect(before.length).toBeGreaterThan(0);
    const connect = (list: typeof migrations) =>
      new DataSource({
        type: 'postgres',
        url: database.url,
        migrations: list,
        migrationsTableName: MIGRATIONS_TABLE,
      })
        .initialize()
        .then(async (dataSource) => {
          await runMigrations(dataSource);
          return dataSource;
        });
    try {
      const old = await connect(before);
      await old.query(`INSERT INTO users (tg_id, generation_limit, meme_coins) VALUES (1, 4, 500)`);
      await old.query(
        `INSERT INTO ledger_entries (user_id, kind, delta, reason, idempotency_key)
         VALUES (1, 'credits', 3, 'opening', 'opening'), (1, 'coins', 500, 'referral', 'referral:2'),
                (1, 'credits', 1, 'referral', 'referral:2')`,
      );
      await old.destroy();
      const migrated = await connect(migrations);
      expect(await migrated.query(`SELECT reason, kind, earned FROM ledger_entries ORDER BY id`)).toEqual([
        { reason: 'opening', kind: 'credits', earned: false },
        { reason: 'referral', kind: 'coins', earned: true },
        { reason: 'referral', kind: 'credits', earned: false },
      ]);
      await migrated.destroy();
    } finally {
      await database.drop();
    }
  });

  const payout = (userId: number, delta: number, key = 'settlement:2025-01-31'): LedgerEntryRequest => ({
    userId,
    kind: 'coins',
    delta,
    reason: 'pool-payout',
    idempotencyKey: key,
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

  describe('after-commit events', () => {
    let events: BalancesChanged[];
    let unsubscribe: () => void;
    beforeAll(() => {
      unsubscribe = t.app.get(LedgerEvents).subscribe((change) => {
        events.push(change);
      });
    });
    afterAll(() => unsubscribe());

    it('fire once the caller’s transaction commits, never inside it, one per user and call', async () => {
      const [a, b] = [await newUser(), await newUser()];
      events = [];
      await t.dataSource.transaction(async (em) => {
        await ledger.earnCoins(a, 3, { reason: 'swipe' }, em);
        await ledger.applyBulk(
          [
            { userId: a, kind: 'coins', delta: 2, reason: 'like', idempotencyKey: 'like:x' },
            { userId: b, kind: 'credits', delta: 5, reason: 'purchase', idempotencyKey: 'order:1' },
            { userId: b, kind: 'swipes', delta: 10, reason: 'purchase', idempotencyKey: 'order:1' },
          ],
          {},
          em,
        );
        expect(events).toEqual([]);
      });
      expect(events).toEqual([
        {
          userId: a,
          balances: expect.objectContaining({ memeCoins: 3 }),
          entries: [{ kind: 'coins', delta: 3, reason: 'swipe', earned: true }],
          at: expect.any(Date),
        },
        {
          userId: a,
          balances: expect.objectContaining({ memeCoins: 5 }),
          entries: [{ kind: 'coins', delta: 2, reason: 'like', earned: true }],
          at: expect.any(Date),
        },
        {
          userId: b,
          balances: {
            generationLimit: t.config.generation.newUserCredits + 5,
            memeCoins: 0,
            swipes: t.config.swipes.max + 10,
            balanceVersion: 2, // the opening grant, then this purchase
          },
          entries: [
            { kind: 'credits', delta: 5, reason: 'purchase', earned: false },
            { kind: 'swipes', delta: 10, reason: 'purchase', earned: false },
          ],
          at: expect.any(Date),
        },
      ]);
      // `at` is the rows' created_at: one transaction, one time.
      const [{ created_at: writtenAt }] = await t.dataSource.query(
        'SELECT DISTINCT created_at FROM ledger_entries WHERE user_id = ANY($1) AND reason IN ($2, $3, $4)',
        [[a, b], 'swipe', 'like', 'purchase'],
      );
      expect(events.map((event) => event.at)).toEqual([writtenAt, writtenAt, writtenAt]);
    });

    it('a rolled-back transaction, or a rolled-back savepoint inside a committed one, tells nothing', async () => {
      const tgId = await newUser();
      events = [];
      await expect(
        t.dataSource.transaction(async (em) => {
          await ledger.addCoins(tgId, 5, { reason: 'gift' }, em);
          await ledger.applyBulk([payout(tgId, 5)], {}, em);
          throw new Error('caller failed');
        }),
      ).rejects.toThrow('caller failed');
      expect(events).toEqual([]);

      await t.dataSource.transaction(async (em) => {
        await em
          .transaction(async (inner) => {
            await ledger.addCoins(tgId, 100, { reason: 'gift' }, inner);
            throw new Error('inner step failed');
          })
          .catch(() => undefined);
        await ledger.addCoins(tgId, 1, { reason: 'gift' }, em);
      });
      expect(events.map((event) => event.entries)).toEqual([
        [{ kind: 'coins', delta: 1, reason: 'gift', earned: false }],
      ]);
      expect(events[0]!.balances.memeCoins).toBe(1);
      expect(await ledger.findImbalances(tgId)).toEqual([]);
    });

    it('a change in the ledger’s own transaction tells at once; a repeat tells nothing', async () => {
      const tgId = await newUser();
      events = [];
      await ledger.addCoins(tgId, 5, { reason: 'gift', idempotencyKey: 'gift:1' });
      await ledger.addCoins(tgId, 5, { reason: 'gift', idempotencyKey: 'gift:1' });
      expect(events).toEqual([
        {
          userId: tgId,
          balances: expect.objectContaining({ memeCoins: 5 }),
          entries: [{ kind: 'coins', delta: 5, reason: 'gift', earned: false }],
          at: expect.any(Date),
        },
      ]);
    });

    it('push `balance` to the player’s sockets after commit, and nothing for a rollback', async () => {
      await t.app.listen(0, '127.0.0.1');
      const player = await newPlayer(t.server, t.config);
      const socket = await SocketRecorder.connect(t.server, player.token);
      try {
        await t.dataSource
          .transaction(async (em) => {
            await ledger.addCoins(player.tgId, 40, { reason: 'gift' }, em);
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        await ledger.applyBulk([payout(player.tgId, 7)]);
        await ledger.addCoins(player.tgId, 1, { reason: 'gift' });
        await socket.until('balance', (balance) => balance.memeCoins === 8);
        // Events of one process arrive in order: the rolled-back 40 never came.
        expect(socket.of('balance').map((balance: BalanceDto) => balance.memeCoins)).toEqual([7, 8]);
      } finally {
        socket.close();
      }
    });
  });
});
