import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';

import { type CommandOutput, ExitCode } from '../src/admin/admin-command.js';
import { runAdminCommand } from '../src/admin/command-router.js';
import { MIGRATIONS_TABLE } from '../src/database/database.options.js';
import { migrations } from '../src/database/migrations/index.js';
import { runMigrations } from '../src/database/run-migrations.js';
import {
  ledgerMonthStart,
  ledgerPartitionName,
  LedgerPartitionsRepository,
} from '../src/ledger/ledger-partitions.repository.js';
import { LEDGER_MONTHS_AHEAD, LedgerPartitionsService } from '../src/ledger/ledger-partitions.service.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';
import { createTestDatabase } from './helpers/test-database.js';
import { newTgId } from './helpers/telegram-login.js';

// Migrating scratch databases and booting the CLI take seconds on a shared two-core machine.
jest.setTimeout(90_000);

/** `ledger:check` run as `admin.cli.ts` runs it, against `databaseUrl`. */
async function ledgerCheck(databaseUrl: string, keyPrefix: string) {
  const lines: string[] = [];
  const output: CommandOutput = { log: (line) => lines.push(line), error: (line) => lines.push(line) };
  const code = await runAdminCommand(
    ['ledger:check'],
    { NODE_ENV: 'test', DATABASE_URL: databaseUrl, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: keyPrefix },
    output,
  );
  return { code, output: lines.join('\n') };
}

describe('ledger partitioned by month', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let partitions: LedgerPartitionsRepository;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(LedgerService);
    partitions = t.app.get(LedgerPartitionsRepository);
  });
  afterAll(() => t.close());

  async function newUser(): Promise<number> {
    const tgId = newTgId();
    await t.dataSource.query('INSERT INTO users (tg_id) VALUES ($1)', [tgId]);
    return tgId;
  }

  /** Where each of the user's rows is: its partition, by id. */
  async function placesOf(tgId: number): Promise<{ id: string; partition: string; reason: string }[]> {
    return t.dataSource.query(
      'SELECT id, tableoid::regclass::text AS partition, reason FROM ledger_entries WHERE user_id = $1 ORDER BY id',
      [tgId],
    );
  }

  /** Moves a row written now to `at` (as if written then): its entry and its key. */
  async function backdate(tgId: number, key: string, at: Date): Promise<void> {
    await t.dataSource.transaction(async (em) => {
      await em.query(
        'UPDATE ledger_entries SET created_at = $3 WHERE user_id = $1 AND idempotency_key = $2',
        [tgId, key, at],
      );
      await em.query('UPDATE ledger_keys SET created_at = $3 WHERE user_id = $1 AND idempotency_key = $2', [
        tgId,
        key,
        at,
      ]);
    });
  }

  it('is partitioned by range of created_at, with this month, the months ahead and a default', async () => {
    const [{ strategy }] = await t.dataSource.query(
      `SELECT partstrat AS strategy FROM pg_partitioned_table WHERE partrelid = 'ledger_entries'::regclass`,
    );
    expect(strategy).toBe('r');
    const names = (await partitions.list()).map((partition) => partition.name);
    const now = new Date();
    for (let month = 0; month <= LEDGER_MONTHS_AHEAD; month++)
      expect(names).toContain(ledgerPartitionName(ledgerMonthStart(now, month)));
    expect(names.at(-1)).toBe('ledger_entries_default');
    // No foreign key references the ledger (PostgreSQL 15 could not keep one to a partitioned table
    // whose key includes created_at), and the ledger's own to users is on every partition.
    expect(
      await t.dataSource.query(
        `SELECT conname FROM pg_constraint WHERE confrelid = 'ledger_entries'::regclass`,
      ),
    ).toEqual([]);
  });

  it('a row lands in its month: this month in its partition, a month not made in the default one until it is', async () => {
    const tgId = await newUser();
    await ledger.addCoins(tgId, 5, { reason: 'gift', idempotencyKey: 'now' });
    await ledger.addCoins(tgId, 7, { reason: 'gift', idempotencyKey: 'long-ago' });
    const thisMonth = ledgerPartitionName(ledgerMonthStart(new Date()));
    expect((await placesOf(tgId)).map((row) => row.partition)).toEqual([thisMonth, thisMonth]);

    // A row of 2019-03 (no partition: the default one takes it), then its month made.
    await backdate(tgId, 'long-ago', new Date('2019-03-15T12:00:00Z'));
    const before = await placesOf(tgId);
    expect(before.map((row) => row.partition)).toEqual([thisMonth, 'ledger_entries_default']);
    expect(await partitions.defaultRows()).toBe(1);
    expect(await partitions.ensureMonths([new Date('2019-03-01T00:00:00Z')])).toEqual([
      'ledger_entries_2019_03',
    ]);
    expect(await partitions.defaultRows()).toBe(0);
    const after = await placesOf(tgId);
    expect(after).toEqual([before[0], { ...before[1], partition: 'ledger_entries_2019_03' }]);
    // The moved row is still the key's: a repeat pays nothing and answers what it gave.
    const repeat = await ledger.addCoins(tgId, 7, { reason: 'gift', idempotencyKey: 'long-ago' });
    expect(repeat).toMatchObject({ applied: false, deltas: { coins: 7 }, balances: { memeCoins: 12 } });
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('one idempotency key in two months is applied once: apply, bulk apply and a raw key row', async () => {
    const tgId = await newUser();
    const monthA = new Date(Date.UTC(2026, 0, 20, 10)); // a past month (before this one)
    await partitions.ensureMonths([monthA]);
    const first = await ledger.addCoins(tgId, 40, { reason: 'gift', idempotencyKey: 'grant:1' });
    expect(first).toMatchObject({ applied: true, deltas: { coins: 40 } });
    await backdate(tgId, 'grant:1', monthA);
    expect((await placesOf(tgId)).map((row) => row.partition)).toEqual(['ledger_entries_2026_01']);

    // Month B (now): the same key again, by each writer.
    const again = await ledger.addCoins(tgId, 40, { reason: 'gift', idempotencyKey: 'grant:1' });
    expect(again).toEqual({ applied: false, deltas: { coins: 40 }, balances: first.balances });
    const bulk = await ledger.applyBulk([
      { userId: tgId, kind: 'coins', delta: 40, reason: 'gift', idempotencyKey: 'grant:1' },
      { userId: tgId, kind: 'coins', delta: 2, reason: 'gift', idempotencyKey: 'grant:2' },
    ]);
    expect(bulk).toMatchObject({ written: 1, skipped: 1 });
    expect(await ledger.writtenUnder(tgId, 'coins', 'grant:1')).toBe(40);
    // Even SQL that writes a second row of the key in another month is refused by the key table.
    await expect(
      t.dataSource.query(
        `WITH e AS (INSERT INTO ledger_entries (user_id, kind, delta, reason, earned, idempotency_key)
                    VALUES ($1, 'coins', 40, 'gift', false, 'grant:1') RETURNING id, created_at)
         INSERT INTO ledger_keys (user_id, kind, idempotency_key, entry_id, created_at)
         SELECT $1, 'coins', 'grant:1', id, created_at FROM e`,
        [tgId],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });

    const rows: { key: string; delta: number; partition: string }[] = await t.dataSource.query(
      `SELECT idempotency_key AS key, delta, tableoid::regclass::text AS partition FROM ledger_entries
        WHERE user_id = $1 ORDER BY id`,
      [tgId],
    );
    const thisMonth = ledgerPartitionName(ledgerMonthStart(new Date()));
    expect(rows).toEqual([
      { key: 'grant:1', delta: 40, partition: 'ledger_entries_2026_01' },
      { key: 'grant:2', delta: 2, partition: thisMonth },
    ]);
    expect(await ledger.findImbalances(tgId)).toEqual([]);
  });

  it('the daily job makes the months ahead once, also when replicas run it together', async () => {
    const service = t.app.get(LedgerPartitionsService);
    const from = new Date(Date.UTC(2031, 10, 15));
    const runs = await Promise.all([service.ensure(from), service.ensure(from), service.ensure(from)]);
    const expected = Array.from({ length: LEDGER_MONTHS_AHEAD + 1 }, (_, i) =>
      ledgerPartitionName(ledgerMonthStart(from, i)),
    );
    expect(expected).toEqual([
      'ledger_entries_2031_11',
      'ledger_entries_2031_12',
      'ledger_entries_2032_01',
      'ledger_entries_2032_02',
    ]);
    // Whichever run held the lock made them; the others skipped or found them made.
    expect(runs.flat().sort()).toEqual(expected);
    expect(await service.ensure(from)).toEqual([]);
    const made = (await partitions.list()).filter((partition) => expected.includes(partition.name));
    expect(made.map(({ from: start, to }) => [start?.toISOString(), to?.toISOString()])).toEqual([
      ['2031-11-01T00:00:00.000Z', '2031-12-01T00:00:00.000Z'],
      ['2031-12-01T00:00:00.000Z', '2032-01-01T00:00:00.000Z'],
      ['2032-01-01T00:00:00.000Z', '2032-02-01T00:00:00.000Z'],
      ['2032-02-01T00:00:00.000Z', '2032-03-01T00:00:00.000Z'],
    ]);
  });
});

describe('the LedgerPartitions migration', () => {
  const partitioning = migrations.findIndex(
    (migration) => migration.name === 'LedgerPartitions1795805358997',
  );
  const connect = (url: string, list: typeof migrations) =>
    new DataSource({ type: 'postgres', url, migrations: list, migrationsTableName: MIGRATIONS_TABLE })
      .initialize()
      .then(async (dataSource) => {
        await runMigrations(dataSource);
        return dataSource;
      });

  it('moves the rows of today’s table with their ids and keys; ledger:check is clean; down restores it', async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      const old = await connect(database.url, migrations.slice(0, partitioning));
      // Two users whose balances are their ledgers, rows over three months (one keyed grant each).
      await old.query(
        `INSERT INTO users (tg_id, generation_limit, meme_coins, swipes) VALUES (1, 3, 150, 0), (2, 0, 20, 5)`,
      );
      await old.query(
        `INSERT INTO ledger_entries (user_id, kind, delta, reason, earned, idempotency_key, created_at) VALUES
           (1, 'credits', 3, 'opening', false, 'opening', '2026-09-03T10:00:00Z'),
           (1, 'coins', 100, 'gift', false, 'grant:a', '2026-10-31T23:59:59.999Z'),
           (1, 'coins', 50, 'like', true, NULL, now()),
           (2, 'coins', 20, 'gift', false, 'grant:a', '2026-10-01T00:00:00Z'),
           (2, 'swipes', 5, 'gift', false, NULL, now())`,
      );
      const before: unknown[] = await old.query(`SELECT * FROM ledger_entries ORDER BY id`);
      await old.destroy();

      const migrated = await connect(database.url, migrations);
      expect(await migrated.query(`SELECT * FROM ledger_entries ORDER BY id`)).toEqual(before);
      const thisMonth = ledgerPartitionName(ledgerMonthStart(new Date()));
      expect(
        (
          await migrated.query(`SELECT tableoid::regclass::text AS partition FROM ledger_entries ORDER BY id`)
        ).map((row: { partition: string }) => row.partition),
      ).toEqual([
        'ledger_entries_2026_09',
        'ledger_entries_2026_10',
        thisMonth,
        'ledger_entries_2026_10',
        thisMonth,
      ]);
      expect(
        await migrated.query(
          `SELECT k.user_id, k.kind, k.idempotency_key FROM ledger_keys k
             JOIN ledger_entries l ON l.id = k.entry_id AND l.created_at = k.created_at ORDER BY k.entry_id`,
        ),
      ).toEqual([
        { user_id: '1', kind: 'credits', idempotency_key: 'opening' },
        { user_id: '1', kind: 'coins', idempotency_key: 'grant:a' },
        { user_id: '2', kind: 'coins', idempotency_key: 'grant:a' },
      ]);
      // The id sequence goes on after the copied rows.
      const [{ id }] = await migrated.query(
        `INSERT INTO ledger_entries (user_id, kind, delta, reason, earned) VALUES (2, 'swipes', 0, 'gift', false) RETURNING id`,
      );
      expect(Number(id)).toBe(6);
      await migrated.query('DELETE FROM ledger_entries WHERE id = 6');
      await migrated.destroy();

      const checked = await ledgerCheck(database.url, `mm-ledger-partitions-${newTgId()}:`);
      expect(checked).toEqual({ code: ExitCode.ok, output: expect.stringContaining('The books balance') });

      // Down: one plain table again with its unique index of keys, the rows as they were.
      const down = await connect(database.url, migrations);
      const runner = down.createQueryRunner();
      await runner.startTransaction();
      await new migrations[partitioning]!().down(runner);
      await runner.query(`DELETE FROM ${MIGRATIONS_TABLE} WHERE name = 'LedgerPartitions1795805358997'`);
      await runner.commitTransaction();
      await runner.release();
      expect(await down.query(`SELECT * FROM ledger_entries ORDER BY id`)).toEqual(before);
      expect(
        await down.query(
          `SELECT c.relkind, to_regclass('ledger_keys') AS keys, to_regclass('ledger_entries_default') AS fallback,
                  to_regclass('ledger_entries_idempotency_uq') IS NOT NULL AS unique_index
             FROM pg_class c WHERE c.oid = 'ledger_entries'::regclass`,
        ),
      ).toEqual([{ relkind: 'r', keys: null, fallback: null, unique_index: true }]);
      await down.destroy();
      // The CLI migrates at boot: up again from the restored table, and the books still balance.
      expect((await ledgerCheck(database.url, `mm-ledger-partitions-${newTgId()}:`)).code).toBe(ExitCode.ok);
    } finally {
      await database.drop();
    }
  });
});
