/**
 * Ledger benchmark: the ledger's bulk apply as production runs it, a day's settlement paying
 * `--entries` players at once (one `pool-payout` credit each, written by one bulk apply), beside single
 * applies, the admin console's grants one after another, for comparison. The API runs as production
 * runs it (scripts/lib/production-stack.mjs: built, NODE_ENV=production, the fake Bot API; no rule
 * changed) and is driven through HTTP, timed from outside: each round settles a day (`POST
 * /api/v1/admin/feed/{day}/settle/`) on which every player staked 1–50 coins on the one meme liked that
 * day, seeded directly in PostgreSQL; then `--singles` grants of 1 coin (`POST
 * /api/v1/admin/users/{tgId}/grants/`). The after-commit `balance` pushes go out through the socket.io
 * Redis adapter as in production, after the answer (not timed here). The admin CLI's `ledger:check`
 * checks the books at the end.
 *   npm run bench -w backend -- ledger [--entries 100000 --rounds 3 --singles 2000]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';

import pg from 'pg';

import { startProductionStack } from '../../scripts/lib/production-stack.mjs';
import { addDays, utcDay } from '../src/common/clock.js';
import type { SettlementOutcome } from '../src/feed/settlement.service.js';
import { runAdminCli } from '../test/helpers/admin-cli.js';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    singles: { type: 'string', default: '2000' },
  },
});
const ENTRIES = Number(values.entries);
const ROUNDS = Number(values.rounds);
const SINGLES = Number(values.singles);
const FIRST_ID = 9_000_000_000;
const ADMIN = FIRST_ID - 1;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function main(): Promise<void> {
  const api = await startProductionStack({ env: { ADMIN_TG_IDS: String(ADMIN) } });
  const db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  const admin = async (path: string, body: unknown) => {
    const res = await fetch(`${api.baseUrl}/api/v1/admin/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  let token = '';
  try {
    // The players, and the author of each day's one meme (FIRST_ID).
    await db.query(
      `INSERT INTO users (tg_id, first_name) SELECT $1::bigint + i, 'Bench' FROM generate_series(0, $2) AS i`,
      [FIRST_ID, ENTRIES],
    );
    const bulk: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const day = addDays(utcDay(new Date()), -2 - round);
      await seedDay(db, day);
      ({ jwtToken: token } = await api.login(ADMIN));
      const started = performance.now();
      const outcome = (await admin(`feed/${day}/settle/`, { reason: 'ledger bench' })) as SettlementOutcome;
      bulk.push(performance.now() - started);
      if (!outcome.settled || outcome.votes.paidOut !== outcome.votes.pool)
        throw new Error(`${day} did not pay its backers: ${JSON.stringify(outcome)}`);
    }

    ({ jwtToken: token } = await api.login(ADMIN));
    const singlesStarted = performance.now();
    for (let i = 0; i < SINGLES; i++)
      await admin(`users/${FIRST_ID + 1 + (i % ENTRIES)}/grants/`, {
        kind: 'coins',
        amount: 1,
        reason: 'ledger bench',
        key: `ledger-bench:${i}`,
      });
    const perSingle = (performance.now() - singlesStarted) / SINGLES;

    const { rows } = await db.query<{ payouts: number; grants: number }>(
      `SELECT count(*) FILTER (WHERE reason = 'pool-payout')::int AS payouts,
              count(*) FILTER (WHERE reason = 'admin-grant')::int AS grants FROM ledger_entries`,
    );
    if (rows[0]!.payouts !== ROUNDS * ENTRIES || rows[0]!.grants !== SINGLES)
      throw new Error(
        `Expected ${ROUNDS * ENTRIES} payouts and ${SINGLES} grants, found ${JSON.stringify(rows[0])}.`,
      );
    const ledgerCheck = await runAdminCli(['ledger:check'], api.env);

    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(
      `\nLedger: ${ENTRIES} players paid per settlement, ${ROUNDS} rounds (median), load ${load.join(' ')}\n`,
    );
    console.log(`| ${'Operation'.padEnd(58)} |      time |   entries/s |`);
    console.log(`| ${'-'.repeat(58)} | --------: | ----------: |`);
    const row = (name: string, ms: number, count: number) =>
      console.log(
        `| ${name.padEnd(58)} | ${`${ms.toFixed(0)} ms`.padStart(9)} | ${Math.round((count / ms) * 1000)
          .toString()
          .padStart(11)} |`,
      );
    row(`settlement paying ${ENTRIES} players (one bulk apply), HTTP`, median(bulk), ENTRIES);
    row(`admin grant, one after another (${SINGLES}), HTTP, per entry`, perSingle, 1);
    console.log(
      `\nBulk vs one by one: ${((perSingle * ENTRIES) / median(bulk)).toFixed(0)}× faster ` +
        `(${ENTRIES} single grants would take about ${((perSingle * ENTRIES) / 1000).toFixed(0)} s). ` +
        `The books (admin ledger:check, exit ${ledgerCheck.code}): ${ledgerCheck.output.trim()}`,
    );
    console.log(`Driven through the admin console's HTTP routes, timed from outside. ${api.rules}`);
    if (ledgerCheck.code !== 0) process.exitCode = 1;
  } finally {
    await db.end();
    await api.stop();
  }
}

/**
 * A day with one published meme (by FIRST_ID), liked once, on which every player staked 1–50 coins
 * (seeded as rows, as their debits would leave them): its settlement pays each player their stake.
 */
async function seedDay(db: pg.Client, day: string): Promise<void> {
  await db.query(
    `WITH meme AS (
       INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id,
                          is_published, published_at, first_published_at, contest_day)
       SELECT id, substr(md5(id::text), 1, 12), $2::bigint, 'generations/l.jpg', 'generations/l.webp',
              1, 1, gen_random_uuid(), true, $1::date, $1::date, $1::date
         FROM (SELECT gen_random_uuid() AS id) AS m
       RETURNING id),
     liked AS (
       INSERT INTO swipes (user_id, meme_id, liked, created_at)
       SELECT $2::bigint + 1, meme.id, true, $1::date + interval '21 hours' FROM meme)
     INSERT INTO feed_votes (user_id, meme_id, day, amount, created_at)
     SELECT $2::bigint + v, meme.id, $1::date, 1 + v % 50, $1::date + interval '20 hours'
       FROM meme CROSS JOIN generate_series(1, $3) AS v`,
    [day, FIRST_ID, ENTRIES],
  );
  await db.query('ANALYZE');
}

await main();
