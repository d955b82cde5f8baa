/**
 * Settlement benchmark: one contest day settled (winner from the like rows, outcomes of every vote,
 * the pool split, the ledger credits) on the local PostgreSQL, for growing numbers of votes on
 * 10,000 memes, to show the time and that it grows linearly with the votes.
 *   npm run bench -w backend -- settlement [--votes 25000,50000,100000 --memes 10000]
 * Each size twice (a backed winner; a winner nobody backed, so every stake is refunded). Each day:
 * `memes` published memes by 1,000 authors, votes of 10 per voter (stakes 1–100 coins,
 * each voter on 10 different memes), and as many swipe likes as votes; the votes were staked
 * before (seeded as rows, as their debits would leave them).
 */
import 'reflect-metadata';

import { parseArgs } from 'node:util';

import { addDays, utcDay } from '../src/common/clock.js';
import { SettlementService } from '../src/feed/settlement.service.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import globalSetup from '../test/global-setup.mjs';
import globalTeardown from '../test/global-teardown.mjs';
import { createTestApp } from '../test/helpers/test-app.js';

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

async function main(): Promise<void> {
  await globalSetup();
  const t = await createTestApp();
  try {
    const db = t.dataSource;
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
      await seedDay(t.dataSource, day, votes, refundDay);
      await db.query('ANALYZE');
      const started = performance.now();
      const outcome = await t.app.get(SettlementService).settle(day);
      const seconds = (performance.now() - started) / 1000;
      if (!outcome.settled || outcome.votes.votes !== votes)
        throw new Error(`${day} did not settle its votes`);
      const { pool, paidOut, refunded } = outcome.votes;
      // Coins in = coins out, read back from the ledger rows the settlement wrote.
      const [{ credited }] = (await db.query(
        `SELECT COALESCE(sum(delta), 0)::bigint AS credited FROM ledger_entries
          WHERE idempotency_key IN ('pool-payout:' || $1, 'stake-refund:' || $1)`,
        [day],
      )) as { credited: string }[];
      if (Number(credited) !== pool) throw new Error(`${day}: ${pool} staked, ${credited} paid back`);
      rows.push({ votes, refundDay, seconds, pool, paidOut, refunded });
    }
    const imbalances = await t.app.get(LedgerService).findImbalances();

    const load = (await import('node:os')).loadavg().map((value) => value.toFixed(1));
    console.log(
      `\nSettlement of a day: ${MEMES} memes, ${VOTES_PER_VOTER} votes per voter, load ${load.join(' ')}\n`,
    );
    console.log('| Votes | Voters | Winner | Settled in | per 1,000 votes | Pool | Paid out | Refunded |');
    console.log('| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows)
      console.log(
        `| ${row.votes} | ${row.votes / VOTES_PER_VOTER} | ${row.refundDay ? 'nobody backed it' : 'backed'} | ${row.seconds.toFixed(2)} s | ${((row.seconds * 1000 * 1000) / row.votes).toFixed(0)} ms | ${row.pool} | ${row.paidOut} | ${row.refunded} |`,
      );
    console.log(`\nBalances off their ledgers after all: ${imbalances.length}.`);
  } finally {
    await t.close();
    await globalTeardown();
  }
}

/** A day's memes, votes and swipe likes, written set-based; `refundDay` adds an unbacked favourite. */
async function seedDay(
  db: import('typeorm').DataSource,
  day: string,
  votes: number,
  refundDay: boolean,
): Promise<void> {
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
