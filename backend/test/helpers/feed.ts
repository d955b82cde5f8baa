import type { Server } from 'node:http';

import { afterAll, beforeAll, expect } from '@jest/globals';
import type { FeedItemDto, MemeDto, Page, SwipesUsedDto } from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../../src/common/clock.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { bearer, newPlayer, type Player } from './memes.js';
import { MovableClock } from './movable-clock.js';
import { listenWithSockets, type SocketApp, type SocketRecorder } from './socket-recorder.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Memes as a finished generation leaves them (a generation's result, unpublished), written straight
 * into the table: the swap itself is the generations tests' subject, and the game needs many memes.
 * `publish` then publishes them through the API, as their owner would.
 */
export async function seedMemes(
  t: TestApp,
  owner: Player,
  count: number,
  { publish = true }: { publish?: boolean } = {},
): Promise<MemeDto[]> {
  const rows: { id: string }[] = await t.dataSource.query(
    `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id)
     SELECT id, substr(md5(id::text), 1, 12), $1, 'generations/' || id || '.jpg',
            'generations/' || id || '.thumb.webp', 1024, 1024, gen_random_uuid()
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, $2)) AS seeded
     RETURNING id`,
    [owner.tgId, count],
  );
  const ids = rows.map((row) => row.id);
  if (!publish) return (await historyOf(t.server, owner)).filter((meme) => ids.includes(meme.id));
  return Promise.all(ids.map((id) => publishMeme(t.server, owner, id)));
}

export async function publishMeme(server: Server, owner: Player, id: string): Promise<MemeDto> {
  const res = await request(server)
    .patch(`/api/v1/memes/${id}/`)
    .set(bearer(owner))
    .send({ isPublished: true });
  if (res.status !== 200) throw new Error(`publishing answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as MemeDto;
}

async function historyOf(server: Server, owner: Player): Promise<MemeDto[]> {
  const res = await request(server).get('/api/v1/memes/?pageSize=100').set(bearer(owner)).expect(200);
  return (res.body as { items: MemeDto[] }).items;
}

/** `POST /api/v1/swipes/{memeId}/` */
export function swipe(server: Server, player: Player, memeId: string, like = true): request.Test {
  return request(server).post(`/api/v1/swipes/${memeId}/`).set(bearer(player)).send({ like });
}

/** `GET /api/v1/swipes/`: the player's deck. */
export const deck = (t: TestApp, player: Player, query = '') =>
  request(t.server).get(`/api/v1/swipes/${query}`).set(bearer(player));

/** `GET /api/v1/swipes/used/` */
export const swipesUsed = async (t: TestApp, player: Player) =>
  (await request(t.server).get('/api/v1/swipes/used/').set(bearer(player)).expect(200)).body as SwipesUsedDto;

/** The swipes suites' app: no pace, a gift every 10th swipe, the deck in a fixed order. */
export async function createSwipesApp(): Promise<SocketApp> {
  return listenWithSockets(
    await createTestApp({
      env: {
        SWIPE_MIN_INTERVAL_MS: '0',
        SWIPE_GIFT_CHANCE: '1',
        SWIPE_DECK_JITTER: '0',
        // Long enough that no swipe refills while a test runs (the refill has its own app).
        SWIPE_REFILL_SECONDS: '3600',
      },
    }),
  );
}

/**
 * Registers a swipes suite's app (beforeAll, afterAll), handed to `ready` once up; answers `connect`,
 * which opens a player's socket on it.
 */
export function useSwipesApp(ready: (t: SocketApp) => void): (player: Player) => Promise<SocketRecorder> {
  let t: SocketApp;
  beforeAll(async () => {
    t = await createSwipesApp();
    ready(t);
  });
  afterAll(() => t.close());
  return (player) => t.connect(player);
}

/**
 * The feed suites' app on a clock the tests move, and their calls. Registers the suite's beforeAll
 * and afterAll: `t` is set once beforeAll ran.
 */
export function feedSuite() {
  const clock = new MovableClock();
  let t: SocketApp;
  beforeAll(async () => {
    t = await listenWithSockets(
      await createTestApp({
        env: { SWIPE_MIN_INTERVAL_MS: '0' },
        override: (builder) => builder.overrideProvider(Clock).useValue(clock),
      }),
    );
  });
  afterAll(() => t.close());

  return {
    get t(): SocketApp {
      return t;
    },
    clock,
    connect: (player: Player) => t.connect(player),
    vote: (player: Player, memeId: string, body: object = {}) =>
      request(t.server).post(`/api/v1/feed/${memeId}/`).set(bearer(player)).send(body),

    async playerWithCoins(coins: number): Promise<Player> {
      const player = await newPlayer(t.server, t.config);
      if (coins > 0) await t.app.get(LedgerService).addCoins(player.tgId, coins, { reason: 'purchase' });
      return player;
    },

    feedPage: async (player: Player, query: string) =>
      (await request(t.server).get(`/api/v1/feed/${query}`).set(bearer(player)).expect(200))
        .body as Page<FeedItemDto>,

    memeOfTheDay: (player: Player, query = '') =>
      request(t.server).get(`/api/v1/feed/meme-of-the-day/${query}`).set(bearer(player)),

    /** Memes of `author` published at `at` (their contest day is its UTC day). */
    async publishedAt(author: Player, count: number, at: string): Promise<MemeDto[]> {
      clock.set(at);
      const drafts = await seedMemes(t, author, count, { publish: false });
      const memes: MemeDto[] = [];
      for (const draft of drafts) {
        memes.push(await publishMeme(t.server, author, draft.id));
        clock.advance(60_000);
      }
      return memes;
    },
  };
}

/** The books are right: every balance equals the sum of its ledger rows. */
export async function expectBooksBalanced(t: TestApp): Promise<void> {
  expect(await t.app.get(LedgerService).findImbalances()).toEqual([]);
}

export async function ledgerRows(
  t: TestApp,
  userId: number,
  reason: string,
): Promise<{ kind: string; delta: number }[]> {
  return t.dataSource.query(
    `SELECT kind, delta FROM ledger_entries WHERE user_id = $1 AND reason = $2 ORDER BY id`,
    [userId, reason],
  );
}
