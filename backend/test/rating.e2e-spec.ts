import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, RATING_PERIODS, type RatingPeriod, type RatingPlayerEntry } from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { bucketOf, PERIOD_CODECS } from '../src/rating/rating-periods.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { MovableClock } from './helpers/movable-clock.js';
import { earn, rate, untilScore } from './helpers/rating.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// Some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

const DAY = 86_400_000;
/**
 * These apps lose their boards on purpose and rebuild them with the command: the API's own
 * rebuild after a loss (rating-recovery.e2e-spec.ts) looks only once an hour here.
 */
const COMMAND_REBUILDS = { RATING_LOSS_CHECK_MS: '3600000' };
const rows = (items: RatingPlayerEntry[]) => items.map((item) => [item.rank, item.tgId, item.score]);

/** Every tab of every period as these players see it. */
async function everyBoard(t: TestApp, players: Player[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (const player of players) {
    for (const period of RATING_PERIODS) {
      for (const tab of ['global', 'me', 'squads'] as const) seen.push(await rate(t, player, tab, period));
      const squad = await request(t.server)
        .get(`/api/v1/users/rate/?tab=squad&period=${period}`)
        .set(bearer(player));
      seen.push([squad.status, squad.body]);
    }
  }
  return seen;
}

/**
 * `npm run admin -- rating:rebuild` in its own process, after the boards were lost (every rating
 * key deleted): what it builds from the ledger must be what the live boards showed.
 */
async function expectRebuildEqualsLive(t: TestApp, players: Player[]): Promise<void> {
  const live = await everyBoard(t, players);
  const keys = await t.redis.keys(`${t.config.redis.keyPrefix}rating:*`);
  await t.redis.del(...keys.map((key) => key.slice(t.config.redis.keyPrefix.length)));
  expect(rows((await rate(t, players[0]!, 'global', 'all')).items)).toEqual([]);

  const rebuilt = await runAdminCli(['rating:rebuild'], {
    DATABASE_URL: t.database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
    BULL_PREFIX: t.config.redis.bullPrefix,
  });
  expect(rebuilt).toMatchObject({ code: 0, output: expect.stringContaining('Rebuilt the boards') });
  expect(await everyBoard(t, players)).toEqual(live);
}

/**
 * The board as GAME.md defines it, computed from the ledger: earned coins of the period's bucket,
 * more first, then who reached the score first (at the period's time resolution), then tgId.
 */
async function boardFromLedger(t: TestApp, period: RatingPeriod, now: Date): Promise<number[][]> {
  const earned: { user_id: string; delta: number; created_at: Date }[] = await t.dataSource.query(
    `SELECT user_id, delta, created_at FROM ledger_entries WHERE earned AND kind = 'coins' ORDER BY created_at`,
  );
  const { resolutionMs } = PERIOD_CODECS[period];
  const players = new Map<number, { score: number; reached: number }>();
  for (const row of earned) {
    if (bucketOf(period, row.created_at) !== bucketOf(period, now)) continue;
    const tgId = Number(row.user_id);
    const player = players.get(tgId) ?? { score: 0, reached: 0 };
    players.set(tgId, {
      score: player.score + row.delta,
      reached: Math.floor(row.created_at.getTime() / resolutionMs),
    });
  }
  return [...players]
    .sort(([a, x], [b, y]) => y.score - x.score || x.reached - y.reached || a - b)
    .map(([tgId, { score }], i) => [i + 1, tgId, score]);
}

describe('rating boards', () => {
  let t: TestApp;
  const clock = new MovableClock();
  beforeAll(async () => {
    t = await createTestApp({
      env: COMMAND_REBUILDS,
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
  });
  afterAll(() => t.close());

  let lower: Player;
  let higher: Player;
  let top: Player;
  let idle: Player;

  it('ranks coins earned in the period: equal scores by who reached them first, then tgId', async () => {
    // Created in this order, so `lower` has the smaller tgId.
    lower = await newPlayer(t.server, t.config);
    higher = await newPlayer(t.server, t.config);
    top = await newPlayer(t.server, t.config);
    idle = await newPlayer(t.server, t.config);

    await earn(t, higher, 30);
    await untilScore(t, higher, 30);
    await sleep(1100); // a later second: `lower` reaches 30 after `higher`
    await earn(t, lower, 30);
    await earn(t, top, 20);
    await earn(t, top, 30);
    await untilScore(t, lower, 30);
    await untilScore(t, top, 50);

    const expected = [
      [1, top.tgId, 50],
      [2, higher.tgId, 30],
      [3, lower.tgId, 30],
    ];
    for (const period of ['day', 'week', 'month'] as const) {
      const board = await rate(t, idle, 'global', period);
      expect(rows(board.items)).toEqual(expected);
      expect(board.me).toEqual({ rank: null, score: 0 });
    }
    // All time counts minutes: a tie inside one minute falls to the tgId.
    expect(rows((await rate(t, idle, 'global', 'all')).items)).toEqual(
      await boardFromLedger(t, 'all', clock.now()),
    );
    expect((await rate(t, idle, 'global', 'day')).items[0]).toEqual({
      rank: 1,
      tgId: top.tgId,
      username: null,
      firstName: 'Test',
      photoUrl: null,
      score: 50,
      infl: false,
    });
  });

  it('the `me` tab: the player’s row with five neighbours each side; off the board, the last five', async () => {
    const mine = await rate(t, higher, 'me', 'day');
    expect(mine.me).toEqual({ rank: 2, score: 30 });
    expect(rows(mine.items)).toEqual([
      [1, top.tgId, 50],
      [2, higher.tgId, 30],
      [3, lower.tgId, 30],
    ]);
    const off = await rate(t, idle, 'me', 'day');
    expect(off.me).toEqual({ rank: null, score: 0 });
    expect(off.items.map((item) => item.tgId)).toEqual([top.tgId, higher.tgId, lower.tgId]);
  });

  it('counts only earned coins, after the multiplier', async () => {
    const ledger = t.app.get(LedgerService);
    await ledger.spendCoins(top.tgId, 40, { reason: 'vote', idempotencyKey: 'rating-spend' });
    await ledger.addCoins(top.tgId, 100, { reason: 'admin-grant', idempotencyKey: 'rating-grant' });
    await earn(t, top, 1);
    await untilScore(t, top, 51);

    const influencer = await newPlayer(t.server, t.config);
    await t.app.get(SquadsService).setInfluencer(influencer.tgId, true);
    expect(await earn(t, influencer, 10)).toBe(10 * t.config.coins.boostedMultiplier);
    await untilScore(t, influencer, 40);
    expect(
      (await rate(t, influencer, 'me', 'day')).items.find((i) => i.tgId === influencer.tgId),
    ).toMatchObject({
      score: 40,
      infl: true,
    });
  });

  it('with a moved clock the day, week and month boards start over; all time keeps counting', async () => {
    const allTime = rows((await rate(t, idle, 'global', 'all')).items);
    const before = Object.fromEntries(
      await Promise.all(RATING_PERIODS.map(async (p) => [p, rows((await rate(t, idle, 'global', p)).items)])),
    );
    const now = clock.now();
    try {
      for (const days of [1, -1, 8, 40]) {
        clock.set(new Date(now.getTime() + days * DAY));
        for (const period of RATING_PERIODS) {
          const board = await rate(t, top, 'global', period);
          const sameBucket = bucketOf(period, clock.now()) === bucketOf(period, now);
          expect(rows(board.items)).toEqual(sameBucket ? before[period] : []);
          expect(board.me).toEqual(sameBucket ? { rank: 1, score: 51 } : { rank: null, score: 0 });
        }
      }
      // 8 days on is another day and ISO week, 40 days another month: each started over above.
      expect(rows((await rate(t, idle, 'global', 'all')).items)).toEqual(allTime);
    } finally {
      clock.reset();
    }
  });

  it('`rating:rebuild` builds from the ledger the boards the live path wrote, ties included', async () => {
    await expectRebuildEqualsLive(t, [lower, higher, top, idle]);
  });

  it('refuses a bad query with 400', async () => {
    for (const query of ['tab=friends', 'period=year', 'page=0', 'page=x', 'tab=me&extra=1']) {
      const res = await request(t.server).get(`/api/v1/users/rate/?${query}`).set(bearer(idle)).expect(400);
      expect(typeof res.body.detail).toBe('string');
    }
    await request(t.server).get('/api/v1/users/rate/').expect(401);
  });
});

describe('rating pages', () => {
  let t: TestApp;
  let players: Player[];
  beforeAll(async () => {
    t = await createTestApp({ env: { LEADERBOARD_SIZE: '30' } });
    players = await Promise.all(Array.from({ length: 45 }, () => newPlayer(t.server, t.config)));
    // Player i earns 1000 - i: they rank i + 1.
    await Promise.all(players.map((player, i) => earn(t, player, 1000 - i)));
    await Promise.all(players.map((player, i) => untilScore(t, player, 1000 - i)));
  });
  afterAll(() => t.close());

  it('the global tab pages the top LEADERBOARD_SIZE by 20', async () => {
    const ranksOf = async (page: number) =>
      (await rate(t, players[0]!, 'global', 'day', page)).items.map((i) => i.rank);
    expect(await ranksOf(1)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await ranksOf(2)).toEqual(Array.from({ length: 10 }, (_, i) => i + 21));
    expect(await ranksOf(3)).toEqual([]);
    const page2 = await rate(t, players[0]!, 'global', 'day', 2);
    expect(page2.items[0]).toMatchObject({ rank: 21, tgId: players[20]!.tgId, score: 980 });
    // Past the board's size the player still learns their rank.
    expect((await rate(t, players[40]!, 'global', 'day')).me).toEqual({ rank: 41, score: 960 });
  });

  it('the me tab is the player with five neighbours each side, beyond the top too', async () => {
    const ranksAround = async (i: number) =>
      (await rate(t, players[i]!, 'me', 'week')).items.map((e) => e.rank);
    expect(await ranksAround(1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await ranksAround(39)).toEqual([35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]);
    expect(await ranksAround(44)).toEqual([40, 41, 42, 43, 44, 45]);
  });
});

describe('squad boards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: COMMAND_REBUILDS });
  });
  afterAll(() => t.close());

  const influencerWithSquad = async () => {
    const influencer = await newPlayer(t.server, t.config);
    const squadId = (await t.app.get(SquadsService).setInfluencer(influencer.tgId, true))!.squad!.id;
    return { influencer, squadId };
  };
  const join = (player: Player, squadId: number) =>
    request(t.server).post(`/api/v1/squads/${squadId}/join/`).set(bearer(player)).expect(200);

  it('a squad scores its current members’ coins (its influencer among them); members move their score along', async () => {
    const { influencer, squadId } = await influencerWithSquad();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => newPlayer(t.server, t.config)));
    await join(a!, squadId);
    await join(b!, squadId);
    await earn(t, a!, 10);
    await earn(t, b!, 20);
    await earn(t, c!, 5);
    await earn(t, influencer, 10); // ×4
    await untilScore(t, a!, 10);
    await untilScore(t, b!, 20);
    await untilScore(t, c!, 5);
    await untilScore(t, influencer, 40);

    const squad = await rate(t, a!, 'squad', 'day');
    expect(rows(squad.items)).toEqual([
      [1, influencer.tgId, 40],
      [2, b!.tgId, 20],
      [3, a!.tgId, 10],
    ]);
    expect(squad.me).toEqual({ rank: 3, score: 10 });

    const squads = await rate(t, a!, 'squads', 'day');
    expect(squads.items).toEqual([
      {
        rank: 1,
        squadId,
        title: 'Test',
        influencer: { tgId: influencer.tgId, username: null, firstName: 'Test', photoUrl: null },
        members: 3,
        score: 70,
      },
    ]);
    expect(squads.mine).toEqual({ rank: 1, score: 70 });

    const outside = await request(t.server).get('/api/v1/users/rate/?tab=squad').set(bearer(c!)).expect(404);
    expect(outside.body).toEqual({ detail: ErrorText.notInSquad, code: 'NOT_IN_SQUAD' });
    expect((await rate(t, c!, 'squads', 'all')).mine).toBeNull();

    await join(c!, squadId);
    expect((await rate(t, c!, 'squads', 'all')).items[0]).toMatchObject({ squadId, members: 4, score: 75 });
    expect((await rate(t, c!, 'squad', 'month')).me).toEqual({ rank: 4, score: 5 });

    await request(t.server).post('/api/v1/squads/leave/').set(bearer(a!)).expect(200);
    expect((await rate(t, c!, 'squads', 'week')).items[0]).toMatchObject({ squadId, members: 3, score: 65 });
    expect(rows((await rate(t, c!, 'squad', 'week')).items).map(([, tgId]) => tgId)).not.toContain(a!.tgId);
    await request(t.server).get('/api/v1/users/rate/?tab=squad').set(bearer(a!)).expect(404);

    // A squad whose members earned nothing ranks after those that scored, oldest first.
    const rich = await influencerWithSquad();
    await earn(t, rich.influencer, 25); // ×4 = 100
    await untilScore(t, rich.influencer, 100);
    const empty = await influencerWithSquad();
    const board = await rate(t, c!, 'squads', 'day');
    expect(board.items.map((item) => [item.rank, item.squadId, item.score])).toEqual([
      [1, rich.squadId, 100],
      [2, squadId, 65],
      [3, empty.squadId, 0],
    ]);
    expect(board.mine).toEqual({ rank: 2, score: 65 });
    expect((await rate(t, empty.influencer, 'squads', 'day')).mine).toEqual({ rank: 3, score: 0 });

    const list = (await request(t.server).get('/api/v1/squads/').set(bearer(c!)).expect(200)).body;
    expect(list.items.map((item: { id: number; rank: number }) => [item.rank, item.id])).toEqual([
      [1, rich.squadId],
      [2, squadId],
      [3, empty.squadId],
    ]);
    expect(list).toMatchObject({ page: 1, pageSize: 20, total: 3, mine: { squadId } });

    // Dissolving a squad takes it, and its members' scores, off the squads board.
    await t.app.get(SquadsService).setInfluencer(rich.influencer.tgId, false);
    expect((await rate(t, c!, 'squads', 'day')).items.map((item) => item.squadId)).toEqual([
      squadId,
      empty.squadId,
    ]);

    await expectRebuildEqualsLive(t, [a!, b!, c!, influencer, rich.influencer, empty.influencer]);
  });

  it('a new squad’s members’ board lists its influencer and members with 0 before anyone earns', async () => {
    const { influencer, squadId } = await influencerWithSquad();
    const solo = await rate(t, influencer, 'squad', 'all');
    expect(rows(solo.items)).toEqual([[1, influencer.tgId, 0]]);
    expect(solo.items[0]).toMatchObject({ firstName: 'Test', infl: true });
    expect(solo.me).toEqual({ rank: 1, score: 0 });

    const [a, b] = [await newPlayer(t.server, t.config), await newPlayer(t.server, t.config)];
    await join(b!, squadId);
    await join(a!, squadId);
    for (const period of RATING_PERIODS) {
      const board = await rate(t, a!, 'squad', period);
      // Nobody scored: who joined first ranks first (the influencer made the squad).
      expect(rows(board.items)).toEqual([
        [1, influencer.tgId, 0],
        [2, b!.tgId, 0],
        [3, a!.tgId, 0],
      ]);
      expect(board.me).toEqual({ rank: 3, score: 0 });
    }

    await earn(t, a!, 7);
    await untilScore(t, a!, 7);
    const day = await rate(t, b!, 'squad', 'day');
    expect(rows(day.items)).toEqual([
      [1, a!.tgId, 7],
      [2, influencer.tgId, 0],
      [3, b!.tgId, 0],
    ]);
    expect(day.me).toEqual({ rank: 3, score: 0 });
    expect((await rate(t, influencer, 'squad', 'week')).me).toEqual({ rank: 2, score: 0 });
    expect((await rate(t, a!, 'squad', 'month')).me).toEqual({ rank: 1, score: 7 });
    // Page 2 of a three-member squad is empty.
    expect((await rate(t, a!, 'squad', 'all', 2)).items).toEqual([]);
  });
});
