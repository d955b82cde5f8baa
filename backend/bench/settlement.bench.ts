/**
 * Settlement benchmark: one contest day settled (winner from the like rows, outcomes of every vote,
 * the pool split, the ledger credits) for growing numbers of votes on 10,000 memes, to show the time
 * and that it grows linearly with the votes. The API runs as production runs it
 * (scripts/lib/production-stack.mjs: built, NODE_ENV=production, the fake Bot API; no rule changed) and
 * settles each day as an operator has it settled, through the console's `POST
 * /api/v1/admin/feed/{day}/settle/` (the service the midnight job and `admin settle` call), timed from
 * outside: from the request to its answer.
 *   npm run bench -w backend -- settlement [--votes 25000,50000,100000 --memes 10000]
 * Each size twice (a backed winner; a winner nobody backed, so every stake is refunded). Each day,
 * seeded directly in PostgreSQL: `memes` published memes by 1,000 authors, votes of 10 per voter
 * (stakes 1–100 coins, each voter on 10 different memes), and as many swipe likes as votes; the votes
 * were staked before (seeded as rows, as their debits would leave them). Then the admin CLI's
 * `ledger:check` checks every balance against its ledger.
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
    votes: { type: 'string', default: '25000,50000,100000' },
    memes: { type: 'string', default: '10000' },
  },
});
const VOTE_COUNTS = values.votes.split(',').map(Number);
const MEMES = Number(values.memes);
const AUTHORS = 1000;
const VOTES_PER_VOTER = 10;
const FIRST_ID = 9_000_000_000;
const ADMIN = FIRST_ID - 1;

async function main(): Promise<void> {
  const api = await startProductionStack({ env: { ADMIN_TG_IDS: String(ADMIN) } });
  const db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  try {
    const voters = Math.max(...VOTE_COUNTS) / VOTES_PER_VOTER;
    await db.query(
      `INSERT INTO users (tg_id, first_name) SELECT $1::bigint + i, 'Bench' FROM generate_series(1, $2) AS i`,
      [FIRST_ID, AUTHORS + voters],
    );
    const rows: {
      votes: number;
      refundDay: boolean;
      seconds: number;
      pool: number;
      paidOut: number;
      refunded: number;
    }[] = [];
    // Each size twice: won by a backed meme (its backers paid), and by a meme nobody backed (every
    // stake refunded: a ledger credit for every voter).
    const days = VOTE_COUNTS.flatMap((votes) => [
      { votes, refundDay: false },
      { votes, refundDay: true },
    ]);
    for (const [index, { votes, refundDay }] of days.entries()) {
      const day = addDays(utcDay(new Date()), -2 - index);
      await seedDay(db, day, votes, refundDay);
      await db.query('ANALYZE');
      // Signed in for each day: a large day's seeding can outlast the 15-minute access token.
      const { jwtToken } = await api.login(ADMIN);
      const started = performance.now();
      const res = await fetch(`${api.baseUrl}/api/v1/admin/feed/${day}/settle/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${jwtToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: 'settlement bench' }),
      });
      const outcome = (await res.json()) as SettlementOutcome;
      const seconds = (performance.now() - started) / 1000;
      if (res.status !== 200 || !outcome.settled || outcome.votes.votes !== votes)
        throw new Error(`${day} did not settle its votes: ${res.status} ${JSON.stringify(outcome)}`);
      const { pool, paidOut, refunded } = outcome.votes;
      // Coins in = coins out, read back from the ledger rows the settlement wrote.
      const [{ credited }] = (
        await db.query(
          `SELECT COALESCE(sum(delta), 0)::bigint AS credited FROM ledger_entries
            WHERE idempotency_key IN ('pool-payout:' || $1, 'stake-refund:' || $1)`,
          [day],
        )
      ).rows as { credited: string }[];
      if (Number(credited) !== pool) throw new Error(`${day}: ${pool} staked, ${credited} paid back`);
      rows.push({ votes, refundDay, seconds, pool, paidOut, refunded });
    }
    const ledgerCheck = await runAdminCli(['ledger:check'], api.env);

    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(
      `\nSettlement of a day: ${MEMES} memes, ${VOTES_PER_VOTER} votes per voter, load ${load.join(' ')}\n`,
    );
    console.log('| Votes | Voters | Winner | Settled in | per 1,000 votes | Pool | Paid out | Refunded |');
    console.log('| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows)
      console.log(
        `| ${row.votes} | ${row.votes / VOTES_PER_VOTER} | ${row.refundDay ? 'nobody backed it' : 'backed'} | ${row.seconds.toFixed(2)} s | ${((row.seconds * 1000 * 1000) / row.votes).toFixed(0)} ms | ${row.pool} | ${row.paidOut} | ${row.refunded} |`,
      );
    console.log(
      `\nThe books after all (admin ledger:check, exit ${ledgerCheck.code}): ${ledgerCheck.output.trim()}`,
    );
    console.log(`Settled through the admin console's HTTP route, timed from outside. ${api.rules}`);
    if (ledgerCheck.code !== 0) process.exitCode = 1;
  } finally {
    await db.end();
    await api.stop();
  }
}

/** A day's memes, votes and swipe likes, written set-based; `refundDay` adds an unbacked favourite. */
async function seedDay(db: pg.Client, day: string, votes: number, refundDay: boolean): Promise<void> {
  const voters = votes / VOTES_PER_VOTER;
  await db.query(
    `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id,
                        is_published, published_at, first_published_at, contest_day)
     SELECT id, substr(md5(id::text), 1, 12), $1::bigint + 1 + i % $3, 'generations/b.jpg', 'generations/b.webp',
            1, 1, gen_random_uuid(), true, at, at, $4::date
       FROM (SELECT gen_random_uuid() AS id, i, $4::date + i * interval '8 seconds' AS at
               FROM generate_series(0, $2 - 1) AS i) AS seeded`,
    [FIRST_ID, MEMES, AUTHORS, day],
  );
  // Voter v votes on the memes (7v + 1009k) mod MEMES, k < 10: ten different memes each.
  await db.query(
    `WITH day_memes AS (
            SELECT array_agg(id ORDER BY first_published_at) AS ids FROM memes WHERE contest_day = $1::date)
     INSERT INTO feed_votes (user_id, meme_id, day, amount, created_at)
     SELECT $2::bigint + $3 + 1 + v, m.ids[1 + (7 * v + 1009 * k) % $5], $1::date,
            1 + floor(random() * 100)::integer,
            $1::date + interval '20 hours' + (v * 10 + k) * interval '1 millisecond'
       FROM day_memes m
      CROSS JOIN generate_series(0, $4 - 1) AS v
      CROSS JOIN generate_series(0, ${VOTES_PER_VOTER - 1}) AS k`,
    [day, FIRST_ID, AUTHORS, voters, MEMES],
  );
  // As many swipe likes, a skewed spread (low-numbered memes get more).
  await db.query(
    `WITH day_memes AS (
            SELECT array_agg(id ORDER BY first_published_at) AS ids FROM memes WHERE contest_day = $1::date)
     INSERT INTO swipes (user_id, meme_id, liked, created_at)
     SELECT $2::bigint + $3 + 1 + v, m.ids[1 + (v * v + 31 * k) % ($5 / 10)], true,
            $1::date + interval '21 hours'
       FROM day_memes m
      CROSS JOIN generate_series(0, $4 - 1) AS v
      CROSS JOIN generate_series(0, ${VOTES_PER_VOTER - 1}) AS k
     ON CONFLICT DO NOTHING`,
    [day, FIRST_ID, AUTHORS, voters, MEMES],
  );
  if (refundDay) {
    // A meme published first that day with no votes, liked by every voter: more than any other.
    await db.query(
      `WITH favourite AS (
              INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id,
                                 is_published, published_at, first_published_at, contest_day)
              SELECT id, substr(md5(id::text), 1, 12), $2::bigint + 1, 'generations/f.jpg', 'generations/f.webp',
                     1, 1, gen_random_uuid(), true, $1::date, $1::date, $1::date
                FROM (SELECT gen_random_uuid() AS id) AS f
              RETURNING id)
       INSERT INTO swipes (user_id, meme_id, liked, created_at)
       SELECT $2::bigint + $3 + 1 + v, favourite.id, true, $1::date + interval '22 hours'
         FROM favourite CROSS JOIN generate_series(0, $4 - 1) AS v`,
      [day, FIRST_ID, AUTHORS, votes / VOTES_PER_VOTER],
    );
  }
}

await main();
