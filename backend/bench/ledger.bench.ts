/**
 * Ledger benchmark: a bulk apply of 100,000 entries (a day's settlement paying that many voters),
 * its rerun (every key already used), and single applies for comparison, on the local PostgreSQL
 * and Redis (as the e2e tests use them), with the whole app running: the after-commit events push
 * `balance` through the socket.io Redis adapter as in production.
 *   npm run bench -w backend -- ledger [--entries 100000 --users 100000 --rounds 3 --singles 2000]
 */
import 'reflect-metadata';

import { parseArgs } from 'node:util';

import { LedgerEvents } from '../src/ledger/ledger-events.js';
import { type LedgerEntryRequest, LedgerService } from '../src/ledger/ledger.service.js';
import globalSetup from '../test/global-setup.mjs';
import globalTeardown from '../test/global-teardown.mjs';
import { createTestApp } from '../test/helpers/test-app.js';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    users: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    singles: { type: 'string', default: '2000' },
  },
});
const ENTRIES = Number(values.entries);
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
const SINGLES = Number(values.singles);

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function main(): Promise<void> {
  await globalSetup();
  const t = await createTestApp();
  try {
    const ledger = t.app.get(LedgerService);
    const firstId = 9_000_000_000;
    await t.dataSource.query(
      'INSERT INTO users (tg_id) SELECT generate_series($1::bigint, $1::bigint + $2 - 1)',
      [firstId, USERS],
    );
    // Entry i pays user i mod USERS: a pool payout, every fifth a like (earned, ×m for boosted users).
    const batch = (round: number): LedgerEntryRequest[] =>
      Array.from({ length: ENTRIES }, (_, i) => ({
        userId: firstId + (i % USERS),
        kind: 'coins',
        delta: 1 + (i % 50),
        reason: i % 5 === 0 ? 'like' : 'pool-payout',
        idempotencyKey: `bench:${round}:${Math.floor(i / USERS)}`,
      }));

    // The after-commit events go out in slices after applyBulk returns: count them to the last.
    let told = 0;
    let allTold = () => {};
    t.app.get(LedgerEvents).subscribe(() => {
      if (++told === Math.min(ENTRIES, USERS)) allTold();
    });
    const fresh: number[] = [];
    const withEvents: number[] = [];
    const reruns: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const entries = batch(round);
      told = 0;
      const everyEvent = new Promise<void>((resolve) => (allTold = resolve));
      const start = performance.now();
      await ledger.applyBulk(entries);
      fresh.push(performance.now() - start);
      await everyEvent;
      withEvents.push(performance.now() - start);
      reruns.push(await timed(() => ledger.applyBulk(entries)));
    }
    const singleIds = Array.from({ length: SINGLES }, (_, i) => firstId + (i % USERS));
    const singles = await timed(async () => {
      for (const [i, userId] of singleIds.entries()) {
        await ledger.addCoins(userId, 1, { reason: 'pool-payout', idempotencyKey: `single:${i}` });
      }
    });

    const imbalances = await ledger.findImbalances();
    if (imbalances.length)
      throw new Error(`Balances differ from the ledger: ${JSON.stringify(imbalances[0])}`);
    const [{ rows }] = await t.dataSource.query('SELECT count(*)::int AS rows FROM ledger_entries');
    if (rows !== ROUNDS * ENTRIES + SINGLES)
      throw new Error(`Expected ${ROUNDS * ENTRIES + SINGLES} rows, found ${rows}.`);

    const perSingle = singles / SINGLES;
    const bulk = median(fresh);
    console.log(`\nLedger: ${ENTRIES} entries for ${USERS} users, ${ROUNDS} rounds (median)\n`);
    console.log(`| ${'Operation'.padEnd(48)} |      time |   entries/s |`);
    console.log(`| ${'-'.repeat(48)} | --------: | ----------: |`);
    const row = (name: string, ms: number, count: number) =>
      console.log(
        `| ${name.padEnd(48)} | ${`${ms.toFixed(0)} ms`.padStart(9)} | ${Math.round((count / ms) * 1000)
          .toString()
          .padStart(11)} |`,
      );
    row(`applyBulk, ${ENTRIES} new entries`, bulk, ENTRIES);
    row(`… until every user's \`balance\` push is sent`, median(withEvents), ENTRIES);
    row(`applyBulk rerun, ${ENTRIES} entries all skipped`, median(reruns), ENTRIES);
    row(`apply one by one (${SINGLES}), per entry`, perSingle, 1);
    console.log(
      `\nBulk vs one by one: ${((perSingle * ENTRIES) / bulk).toFixed(0)}× faster ` +
        `(${ENTRIES} single applies would take about ${((perSingle * ENTRIES) / 1000).toFixed(0)} s). ` +
        `Books checked: balances equal ledger sums, ${rows} rows.`,
    );
  } finally {
    await t.close();
    await globalTeardown();
  }
}

await main();
