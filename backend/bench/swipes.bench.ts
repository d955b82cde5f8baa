/**
 * Swipe benchmark: players swiping their decks through HTTP against one API process started as
 * production runs it (scripts/lib/production-stack.mjs: built, NODE_ENV=production, init data signed with its
 * bot token), on the local PostgreSQL and Redis. The pace rule is on (SWIPE_MIN_INTERVAL_MS, 300 ms):
 * a player swipes again only once it has passed, as the mini app's players do, so the bench plays
 * enough players that the pace is not what limits the rate. Rules changed (printed with the verdict):
 * SWIPES_MAX raised (a minute's bar would run dry), the per-address limits off (every player is
 * 127.0.0.1), every meme a deck candidate.
 *   npm run bench -w backend -- swipes [--players 1000 --clients 50 --seconds 15 --also-at 0.25,0.75]
 * 1. Closed loop (each client swipes again as soon as answered): the maximum of swipes (likes, decks
 *    fetched 50 at a time, the next one while 10 cards are left, as the mini app preloads), and of
 *    `GET /api/v1/auth/me/`, in the same run.
 * 2. Open loop: swipes at a fixed rate of half /me's maximum: latency percentiles; and `/me` at the
 *    same rate, the reference of what any request's latency is at that load on this machine.
 * Both for the spread case (memes of 200 authors) and the hot case (every meme by one author, so
 * every like pays the same author), then a viral meme liked by all players at once, checked exact.
 */
import 'reflect-metadata';

import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import type { FeedItemDto, SwipeDeckDto } from '@mememint/contracts';
import pg from 'pg';

import { AppConfig } from '../src/config/app.config.js';
import { AdvisoryLocks } from '../src/database/advisory-locks.js';
import { freePort } from '../scripts/local-services.mjs';
import { runAdminCli } from '../test/helpers/admin-cli.js';
import { newTgId } from '../test/helpers/telegram-login.js';
import { startProductionStack } from '../../scripts/lib/production-stack.mjs';
import {
  burst,
  closedLoop,
  HttpClient,
  ms,
  openLoop,
  percentile,
  type RunResult,
  withCpu,
} from './lib/http-load.js';
import { scrape, waitUntilApplied } from './lib/swipes-probes.js';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    authors: { type: 'string', default: '200' },
    // More open-loop runs of the spread case, at these fractions of /me's maximum (the latency curve).
    'also-at': { type: 'string', default: '' },
    // Per open-loop run: when its slowest requests were sent, and the bench process's own loop delay.
    timeline: { type: 'boolean', default: false },
  },
});
const PLAYERS = Number(values.players);
const CLIENTS = Number(values.clients);
const DURATION_MS = Number(values.seconds) * 1000;
const AUTHORS = Number(values.authors);
const DECK = 50;
/** Cards left when the next deck is asked for. */
const DECK_LOW = 10;
const ALSO_AT = values['also-at'].split(',').filter(Boolean).map(Number);
const TIMELINE = values.timeline;
/** When each deck was asked for (performance.now()), for the timeline. */
const deckAsked: number[] = [];

interface Player {
  tgId: number;
  token: string;
  deck: string[];
  /** Memes this player has swiped (or is swiping). */
  swiped: Set<string>;
  refilling: Promise<void> | null;
  /** When this player's last swipe was sent (performance.now()), for the pace rule. */
  lastSwipeAt: number;
}

async function main(): Promise<void> {
  const metricsPort = await freePort();
  const api = await startProductionStack({
    ruleChanges: {
      SWIPES_MAX: '1000000',
      // All players come from one address here: the per-address limits would refuse them as one crowd
      // (the per-player swipe limit and the pace stay on, as in production).
      RATE_LIMIT_AUTH_PER_ADDRESS: '0',
      RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS: '0',
      // Every meme stays a candidate however many a player has swiped.
      SWIPE_DECK_CANDIDATES: '1000',
    },
    why: 'a player swipes for minutes, and every simulated player is 127.0.0.1',
    env: { METRICS_PORT: String(metricsPort) },
  });
  // The pace, with a margin for the spread of the requests' travel (the API times their arrivals).
  const paceMs = new AppConfig(api.env).swipes.minIntervalMs + 30;
  const http = new HttpClient(api.port, CLIENTS * 2);
  const db = new pg.Pool({ connectionString: api.databaseUrl, max: 4 });
  try {
    const login = async (): Promise<Player> => {
      const tgId = newTgId();
      const res = await http.request('POST', '/api/v1/auth/login/', undefined, {
        initData: api.initData({ id: tgId }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      return {
        tgId,
        token: (JSON.parse(res.body) as { jwtToken: string }).jwtToken,
        deck: [],
        swiped: new Set(),
        refilling: null,
        lastSwipeAt: -Infinity,
      };
    };
    const inBatches = async <T>(count: number, make: () => Promise<T>): Promise<T[]> => {
      const made: T[] = [];
      while (made.length < count)
        made.push(...(await Promise.all(Array.from({ length: Math.min(25, count - made.length) }, make))));
      return made;
    };
    const players = await inBatches(PLAYERS, login);
    const authors = await inBatches(AUTHORS, login);
    const hotAuthor = await login();

    // Enough memes that no player runs out: the whole run's swipes spread over the players.
    const memesPerPool = 3000;
    const seed = async (owners: number[], published: boolean) =>
      db.query(
        `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id,
                            is_published, published_at, first_published_at, contest_day)
         SELECT id, substr(md5(id::text), 1, 12), ($1::bigint[])[1 + i % cardinality($1::bigint[])],
                'generations/' || id || '.jpg', 'generations/' || id || '.thumb.webp', 1024, 1024,
                gen_random_uuid(), $3, now(), now() - i * interval '1 second', current_date
           FROM (SELECT gen_random_uuid() AS id, i FROM generate_series(1, $2) AS i) AS seeded`,
        [owners, memesPerPool, published],
      );
    await seed(
      authors.map((author) => author.tgId),
      true,
    );
    await seed([hotAuthor.tgId], false);
    await db.query('VACUUM ANALYZE memes');

    // As the mini app does, the next deck is asked for while a few cards are left, so a swipe waits on
    // it only when the deck ran dry; cards already swiped or already held are skipped.
    const refill = (player: Player) =>
      (player.refilling ??= (deckAsked.push(performance.now()), http)
        .request('GET', `/api/v1/swipes/?limit=${DECK}`, player.token)
        .then((res) => {
          const held = new Set(player.deck);
          for (const item of (JSON.parse(res.body) as SwipeDeckDto).items as FeedItemDto[])
            if (!held.has(item.id) && !player.swiped.has(item.id)) player.deck.push(item.id);
        })
        .finally(() => (player.refilling = null)));
    const nextMeme = async (player: Player): Promise<string | null> => {
      if (player.deck.length <= DECK_LOW) void refill(player);
      if (player.deck.length === 0) await refill(player);
      const memeId = player.deck.shift() ?? null;
      if (memeId) player.swiped.add(memeId);
      return memeId;
    };
    // Answers other than 200, by status (printed with the results).
    const refused = new Map<number, number>();
    // Times a client had no player whose pace allowed a swipe and waited for one.
    let pacedWaits = 0;
    const swipeAs = async (player: Player): Promise<boolean> => {
      const wait = player.lastSwipeAt + paceMs - performance.now();
      if (wait > 0) {
        pacedWaits++;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const memeId = await nextMeme(player);
      if (!memeId) return false;
      player.lastSwipeAt = performance.now();
      const res = await http.request('POST', `/api/v1/swipes/${memeId}/`, player.token, { like: true });
      if (res.status !== 200) refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
      return res.status === 200;
    };
    // Every player's first deck dealt before a run is measured: a player swipes a deck of 50 per
    // GET, so the runs measure swipes with their decks' cost spread as in play, not one GET per swipe
    // (500 players make fewer swipes per run than there are players).
    const dealAll = async () => {
      for (const player of players) player.deck = [];
      for (let start = 0; start < players.length; start += 25)
        await Promise.all(players.slice(start, start + 25).map((player) => refill(player)));
    };
    const meAs = async (player: Player) =>
      (await http.request('GET', '/api/v1/auth/me/', player.token)).status === 200;
    // A client's players are every CLIENTS-th one from its number; it takes the next whose pace allows a
    // swipe (at least one of its share swipes every paceMs / share ms, so it waits only past that rate).
    const playerOf = (client: number, turn: number) => {
      const share = Math.ceil(players.length / CLIENTS);
      for (let step = 0; step < share; step++) {
        const player = players[(client + (turn + step) * CLIENTS) % players.length]!;
        if (performance.now() - player.lastSwipeAt >= paceMs) return player;
      }
      return players[(client + turn * CLIENTS) % players.length]!;
    };
    /** A player at random whose pace allows a swipe (players do not swipe in step). */
    const readyPlayer = () => {
      let player = players[Math.floor(Math.random() * players.length)]!;
      for (let tries = 0; tries < 20 && performance.now() - player.lastSwipeAt < paceMs; tries++)
        player = players[Math.floor(Math.random() * players.length)]!;
      return player;
    };
    const turns = new Array<number>(CLIENTS).fill(0);
    const swipesClosed = () =>
      withCpu(api.pid, () =>
        closedLoop(CLIENTS, DURATION_MS, (client) => swipeAs(playerOf(client, turns[client]!++))),
      );
    const meClosed = () =>
      withCpu(api.pid, () =>
        closedLoop(CLIENTS, DURATION_MS, (client) => meAs(playerOf(client, turns[client]!++))),
      );
    // The API's own view of an open-loop run: its event loop's delay and its GC pauses (from /metrics,
    // whose event loop histogram starts again at each scrape).
    const stalls = new Map<RunResult, string>();
    const openRun = async (rate: number, op: (player: Player) => Promise<boolean>) => {
      const before = await scrape(metricsPort);
      const ownLoop = monitorEventLoopDelay({ resolution: 5 });
      ownLoop.enable();
      const startedAt = new Date();
      // CLOCK_MONOTONIC, the clock of a V8 CPU profile's timestamps: a profile of the API can be cut to this run.
      const monotonicStart = process.hrtime.bigint() / 1000n;
      const perfStart = performance.now();
      const result = await withCpu(api.pid, () =>
        // A player at random each time: players do not swipe in step (their decks run low at different times).
        openLoop(rate, DURATION_MS, () => op(readyPlayer())),
      );
      ownLoop.disable();
      if (TIMELINE) printTimeline(rate, startedAt, monotonicStart, perfStart, result, ownLoop);
      const after = await scrape(metricsPort);
      const gcMs = (after.gcSeconds - before.gcSeconds) * 1000;
      stalls.set(
        result,
        `event loop delay p99 ${ms(after.loopP99 * 1000)}, max ${ms(after.loopMax * 1000)}; ` +
          `GC ${after.gcCount - before.gcCount} pauses, ${gcMs.toFixed(0)} ms in all`,
      );
      return result;
    };
    const swipesOpen = (rate: number) => openRun(rate, swipeAs);
    const meOpen = (rate: number) => openRun(rate, meAs);

    await dealAll();
    // Warm-up: JIT, connection pools.
    await closedLoop(CLIENTS, 3000, (client) => swipeAs(playerOf(client, turns[client]!++)));

    const results: [string, RunResult & { apiCpuMs?: number; postgresCpuMs?: number }][] = [];
    const spreadSwipes = await swipesClosed();
    results.push(['closed loop: swipes, spread (200 authors)', spreadSwipes]);
    const me = await meClosed();
    results.push(['closed loop: GET /api/v1/auth/me/', me]);
    const rate = Math.max(1, Math.round(me.rate / 2));
    results.push([`open loop at ${rate}/s: swipes, spread`, await swipesOpen(rate)]);
    // The same rate of the lightest authenticated read: what this box's latency is at that load.
    results.push([`open loop at ${rate}/s: GET /api/v1/auth/me/`, await meOpen(rate)]);
    for (const fraction of ALSO_AT) {
      const at = Math.max(1, Math.round(me.rate * fraction));
      results.push([`open loop at ${at}/s (${fraction} × /me's max): swipes, spread`, await swipesOpen(at)]);
    }

    // The hot case: every meme of the deck by one author. The bulk update takes the likes flush's lock
    // (a flush updates the same memes in another order: the two deadlocked once).
    await waitUntilApplied(db);
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...AdvisoryLocks.likesFlush]);
      await client.query(`UPDATE memes SET is_published = (owner_id = $1)`, [hotAuthor.tgId]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    await db.query('VACUUM ANALYZE memes');
    await dealAll();
    results.push(['closed loop: swipes, hot (one author)', await swipesClosed()]);
    results.push([`open loop at ${rate}/s: swipes, hot`, await swipesOpen(rate)]);

    // A viral meme: every player likes it at once.
    const coinsOf = async (tgId: number) =>
      (
        (await db.query(`SELECT meme_coins FROM users WHERE tg_id = $1`, [tgId])).rows[0] as {
          meme_coins: number;
        }
      ).meme_coins;
    await waitUntilApplied(db);
    const before = await coinsOf(hotAuthor.tgId);
    const { rows } = await db.query(
      `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id,
                          is_published, published_at, first_published_at, contest_day)
       SELECT id, substr(md5(id::text), 1, 12), $1, 'generations/v.jpg', 'generations/v.webp', 1, 1,
              gen_random_uuid(), true, now(), now(), current_date FROM (SELECT gen_random_uuid() AS id) AS v
       RETURNING id`,
      [hotAuthor.tgId],
    );
    const viral = (rows[0] as { id: string }).id;
    await new Promise((resolve) => setTimeout(resolve, paceMs));
    const viralBurst = await burst(PLAYERS, async (index) => {
      const res = await http.request('POST', `/api/v1/swipes/${viral}/`, players[index]!.token, {
        like: true,
      });
      return res.status === 200;
    });
    results.push([`${PLAYERS} players liking one meme at once`, viralBurst]);
    await waitUntilApplied(db);
    const { rows: likes } = await db.query(`SELECT likes FROM memes WHERE id = $1`, [viral]);
    const gained = (await coinsOf(hotAuthor.tgId)) - before;
    // The books, checked by the operators' own command: each line naming a user is a balance off its ledger.
    const ledgerCheck = await runAdminCli(['ledger:check'], api.env);
    const drifted = ledgerCheck.output.split('\n').filter((line) => line.startsWith('User ')).length;
    if (ledgerCheck.code !== 0 && drifted === 0)
      throw new Error(`ledger:check failed: ${ledgerCheck.output}`);

    const load = (await import('node:os')).loadavg().map((value) => value.toFixed(1));
    console.log(
      `\nSwipes: ${PLAYERS} players, ${CLIENTS} clients, ${DURATION_MS / 1000} s per run, load ${load.join(' ')}\n`,
    );
    // CPU per request: the API process's and PostgreSQL's, which hold when other work shares the cores.
    console.log('| Run | per second | p50 | p95 | p99 | failed | API CPU/request | PostgreSQL CPU/request |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const cpu = (value?: number) => (value === undefined ? '' : `${value.toFixed(2)} ms`);
    for (const [label, result] of results)
      console.log(
        `| ${label} | ${result.rate.toFixed(0)} | ${ms(percentile(result.latencies, 50))} | ${ms(percentile(result.latencies, 95))} | ${ms(percentile(result.latencies, 99))} | ${result.failed} | ${cpu(result.apiCpuMs)} | ${cpu(result.postgresCpuMs)} |`,
      );
    for (const [label, result] of results)
      if (stalls.has(result)) console.log(`- ${label}: ${stalls.get(result)}`);
    console.log(
      `\nSwipe maximum / me maximum: ${(spreadSwipes.rate / me.rate).toFixed(2)} (target ≥ 0.5); ` +
        `API CPU per /me / per swipe: ${(me.apiCpuMs / spreadSwipes.apiCpuMs).toFixed(2)}. ` +
        `Viral meme: ${likes[0].likes} likes of ${viralBurst.ok} (exact: ${likes[0].likes === viralBurst.ok}), ` +
        `author +${gained} coins (expected ${2 * viralBurst.ok}); balances off their ledgers: ${drifted}. ` +
        `Swipes refused: ${JSON.stringify(Object.fromEntries(refused))} (429: the pace); a client waited ` +
        `for a player's pace ${pacedWaits} times.`,
    );
    console.log(`${api.rules} The pace rule is on (SWIPE_MIN_INTERVAL_MS as in production).`);
  } finally {
    http.close();
    await db.end();
    await api.stop();
  }
}

/**
 * Where an open-loop run's slowest requests (the top 1 %) were sent: by phase of the second (the
 * API's once-a-second work shows as one phase) and the worst 100 ms windows; and the bench process's
 * own event-loop delay (its stalls count in every latency).
 */
function printTimeline(
  rate: number,
  startedAt: Date,
  monotonicStart: bigint,
  perfStart: number,
  result: RunResult,
  ownLoop: IntervalHistogram,
): void {
  const starts = result.startedAt ?? [];
  const threshold = percentile(result.latencies, 99);
  const phases = new Array<number>(10).fill(0);
  const windows = new Map<number, { count: number; worst: number }>();
  result.latencies.forEach((latency, index) => {
    if (latency < threshold) return;
    const at = starts[index]!;
    phases[Math.floor((at % 1000) / 100)]! += 1;
    const window = Math.floor(at / 100) * 100;
    const seen = windows.get(window) ?? { count: 0, worst: 0 };
    windows.set(window, { count: seen.count + 1, worst: Math.max(seen.worst, latency) });
  });
  const worst = [...windows].sort((a, b) => b[1].count - a[1].count).slice(0, 8);
  const decksIn = (from: number, to: number) =>
    deckAsked.filter((at) => at >= perfStart + from && at < perfStart + to).length;
  const runMs = result.seconds * 1000;
  console.log(
    `timeline at ${rate.toFixed(0)}/s from ${startedAt.toISOString()} (monotonic ${monotonicStart} µs): ${result.latencies.length} sent, p99 ${ms(threshold)}; slowest 1 % by ` +
      `phase of the second (100 ms buckets): ${phases.join(' ')}; worst windows (ms from start: count, max): ` +
      `${worst.map(([at, w]) => `${at}: ${w.count}, ${ms(w.worst)}, decks asked in the 500 ms before ${decksIn(at - 500, at)}`).join('; ')}; ` +
      `decks asked per 500 ms on average ${((decksIn(0, runMs) * 500) / runMs).toFixed(1)}; bench's own loop delay ` +
      `p99 ${ms(ownLoop.percentile(99) / 1e6)}, max ${ms(ownLoop.max / 1e6)}`,
  );
}

await main();
