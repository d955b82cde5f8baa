/**
 * Rating reads at scale: `GET /api/v1/users/rate/?tab=global` and `?tab=me` on a board of 10,000
 * players (today's) and one of 1,000,000 (all time), with a million users in PostgreSQL, over real
 * HTTP to the API started as production runs it (scripts/lib/production-stack.mjs: built, NODE_ENV=production, the
 * fake Bot API, players signed in with init data signed for the run's bot token; no rule changed).
 * The boards and users are written straight into Redis and PostgreSQL (a million players cannot sign
 * up in a bench's time); the 20 players who read sign in through the API. The two sizes are measured in turns, request by request, so a busy machine or a warming
 * JIT weighs on both alike.
 *   npm run bench -w backend -- rating-reads [--requests 600]
 * Target (issue 10): p99 at 1M within 2× of p99 at 10,000 (sorted sets, no table scans).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { Redis } from 'ioredis';
import pg from 'pg';

import { bucketOf, packScore, toMember } from '../src/rating/rating-periods.js';
import { newTgId } from '../test/helpers/telegram-login.js';
import { HttpClient, percentile } from './lib/http-load.js';
import { startProductionStack } from '../../scripts/lib/production-stack.mjs';

interface Player {
  tgId: number;
  token: string;
}

const { values } = parseArgs({ options: { requests: { type: 'string', default: '600' } } });
const REQUESTS = Number(values.requests);
const WARM_UP = 100;
const SMALL = 10_000;
const LARGE = 1_000_000;
/** Seeded players' tgIds start here (far from the logged-in ones). */
const FIRST_SEEDED = 100_000_000;
const BATCH = 10_000;

/** The two boards: today's holds the first 10,000 players, all time every one. */
const BOARDS = [
  { size: SMALL, period: 'day' },
  { size: LARGE, period: 'all' },
] as const;

const randomScore = (period: 'day' | 'all', at: Date) =>
  packScore(period, 1 + Math.floor(Math.random() * 1e6), at);

/** A million users; the first 10,000 on today's board, all of them on the all-time board. */
async function seed(db: pg.Client, redis: Redis): Promise<void> {
  const now = new Date();
  const day = `rating:p:${bucketOf('day', now)}`;
  for (let start = 0; start < LARGE; start += BATCH) {
    const end = Math.min(start + BATCH, LARGE);
    await db.query(
      `INSERT INTO users (tg_id, first_name, username)
       SELECT g, 'Player ' || g, 'player_' || g FROM generate_series($1::bigint, $2::bigint) g`,
      [FIRST_SEEDED + start, FIRST_SEEDED + end - 1],
    );
    const members = Array.from({ length: end - start }, (_, i) => toMember(FIRST_SEEDED + start + i));
    await redis.zadd('rating:p:all', ...members.flatMap((m) => [randomScore('all', now), m]));
    if (start < SMALL) await redis.zadd(day, ...members.flatMap((m) => [randomScore('day', now), m]));
  }
  await db.query('ANALYZE users');
}

async function get(
  http: HttpClient,
  player: Player,
  tab: string,
  period: string,
  page: number,
): Promise<number> {
  const started = performance.now();
  const res = await http.request(
    'GET',
    `/api/v1/users/rate/?tab=${tab}&period=${period}&page=${page}`,
    player.token,
  );
  const body = JSON.parse(res.body) as { items?: unknown[] };
  if (res.status !== 200 || !body.items?.length) throw new Error(`${tab}: ${res.status} ${res.body}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const api = await startProductionStack();
  const http = new HttpClient(api.port, 4);
  const db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
  const redis = new Redis(api.env.REDIS_URL!, { keyPrefix: api.env.REDIS_KEY_PREFIX });
  try {
    const players = await Promise.all(
      Array.from({ length: 20 }, async (): Promise<Player> => {
        const tgId = newTgId();
        const res = await http.request('POST', '/api/v1/auth/login/', undefined, {
          initData: api.initData({ id: tgId }),
        });
        if (res.status !== 200) throw new Error(`login answered ${res.status}`);
        return { tgId, token: (JSON.parse(res.body) as { jwtToken: string }).jwtToken };
      }),
    );
    const seeding = performance.now();
    await seed(db, redis);
    // The logged-in players sit anywhere on both boards; the `me` tab is around them.
    const now = new Date();
    for (const { period } of BOARDS) {
      await redis.zadd(
        `rating:p:${bucketOf(period, now)}`,
        ...players.flatMap((p) => [randomScore(period, now), toMember(p.tgId)]),
      );
    }
    console.log(
      `seeded ${LARGE.toLocaleString('en')} users and both boards in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const loadBefore = loadavg();
    const samples = new Map<string, number[]>();
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const player = players[i % players.length]!;
      for (const tab of ['global', 'me'] as const) {
        for (const { size, period } of BOARDS) {
          const took = await get(http, player, tab, period, tab === 'global' ? 1 + (i % 5) : 1);
          if (i < WARM_UP) continue;
          const key = `${tab} ${size}`;
          samples.set(key, [...(samples.get(key) ?? []), took]);
        }
      }
    }

    const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM users WHERE tg_id IN (${Array.from({ length: 20 }, (_, i) => FIRST_SEEDED + i * 37).join(', ')})`,
    );
    console.log(`
Profiles of a page, ${LARGE.toLocaleString('en')} users: ${plan[0]!['QUERY PLAN']}`);
    const average = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
    console.log(`load average (1/5/15 min): ${average(loadBefore)} before, ${average(loadavg())} after`);

    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`
GET /api/v1/users/rate/, ${REQUESTS} requests per row after ${WARM_UP} of warm-up, one at a time
`);
    console.log('| tab    | players on the board |       p50 |       p95 |       p99 |');
    console.log('| ------ | -------------------: | --------: | --------: | --------: |');
    for (const tab of ['global', 'me']) {
      for (const { size } of BOARDS) {
        const rows = samples.get(`${tab} ${size}`)!;
        console.log(
          `| ${tab.padEnd(6)} | ${size.toLocaleString('en').padStart(20)} | ${ms(percentile(rows, 50)).padStart(9)} | ${ms(percentile(rows, 95)).padStart(9)} | ${ms(percentile(rows, 99)).padStart(9)} |`,
        );
      }
    }
    for (const tab of ['global', 'me']) {
      const ratio =
        percentile(samples.get(`${tab} ${LARGE}`)!, 99) / percentile(samples.get(`${tab} ${SMALL}`)!, 99);
      console.log(`${tab}: p99 at 1,000,000 / p99 at 10,000 = ${ratio.toFixed(2)} (target ≤ 2)`);
    }
    console.log(api.rules);
  } finally {
    http.close();
    redis.disconnect();
    await db.end();
    await api.stop();
  }
}

await main();
