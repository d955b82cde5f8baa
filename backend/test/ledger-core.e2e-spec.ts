import { describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';

import { MIGRATIONS_TABLE } from '../src/database/database.options.js';
import { migrations } from '../src/database/migrations/index.js';
import { runMigrations } from '../src/database/run-migrations.js';
import { InsufficientBalanceError, LedgerUserNotFoundError } from '../src/ledger/ledger.errors.js';
import type { LedgerService } from '../src/ledger/ledger.service.js';
import type { TestApp } from './helpers/test-app.js';
import { createTestDatabase } from './helpers/test-database.js';
import { newTgId } from './helpers/telegram-login.js';
import { useLedgerApp } from './helpers/ledger.js';

// Building the migrated template (after a migration changed) takes seconds on a shared two-core machine.
jest.setTimeout(30_000);

describe('ledger', () => {
  let t: TestApp;
  let ledger: LedgerService;
  const newUser = useLedgerApp((app, service) => {
    t = app;
    ledger = service;
  });

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
});
