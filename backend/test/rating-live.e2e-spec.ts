import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LiveRatingTab, RatingPeriod, RatingUpdate } from '@mememint/contracts';
import type { TestingModuleBuilder } from '@nestjs/testing';

import { Clock } from '../src/common/clock.js';
import { MetricsService } from '../src/metrics/metrics.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { newPlayer, type Player } from './helpers/memes.js';
import { MovableClock } from './helpers/movable-clock.js';
import { earn } from './helpers/rating.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

const INTERVAL_MS = 150;
const DAY = 86_400_000;

/**
 * Two replicas of one deployment (one database, one Redis prefix), each with its own Socket.IO
 * server joined by the Redis adapter: the live board must reach watchers on either.
 */
describe('live rating boards across replicas', () => {
  const clock = new MovableClock();
  let first: TestApp;
  let second: TestApp;
  const sockets: SocketRecorder[] = [];

  beforeAll(async () => {
    const env = { RATING_BROADCAST_INTERVAL_MS: String(INTERVAL_MS) };
    const override = (builder: TestingModuleBuilder) => builder.overrideProvider(Clock).useValue(clock);
    first = await createTestApp({ env, override });
    second = await createTestApp({
      replicaOf: first,
      env,
      override,
    });
    await first.app.listen(0, '127.0.0.1');
    await second.app.listen(0, '127.0.0.1');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    clock.reset();
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  /** A player's socket on a replica, watching a board once the server has acknowledged it. */
  const watcher = async (replica: TestApp, player: Player, tab: LiveRatingTab, period: RatingPeriod) => {
    const socket = await SocketRecorder.connect(replica.server, player.token);
    sockets.push(socket);
    expect(await socket.socket.emitWithAck('rating:watch', { tab, period })).toEqual({ ok: true });
    return socket;
  };
  const updates = (socket: SocketRecorder) => socket.of('rating:update') as RatingUpdate[];
  /** The board was looked at since its last change (nothing is pending for its watchers). */
  const settled = async (board: string) => {
    while (
      (await first.redis.exists(`rating:dirty:${board}`)) ||
      !(await first.redis.exists(`rating:sent:${board}`))
    )
      await sleep(INTERVAL_MS / 3);
    await sleep(2 * INTERVAL_MS);
  };
  /** Both replicas' `mememint_rating_board_computations_total`, as Prometheus reads it. */
  const computations = async () => {
    let total = 0;
    for (const replica of [first, second]) {
      const counter = replica.app
        .get(MetricsService)
        .registry.getSingleMetric('mememint_rating_board_computations_total');
      total += (await counter!.get()).values[0]?.value ?? 0;
    }
    return total;
  };

  it('a change on one replica reaches watchers on the other; an idle board sends nothing', async () => {
    const player = await newPlayer(first.server, first.config);
    const viewer = await newPlayer(second.server, second.config);
    const socket = await watcher(second, viewer, 'global', 'day');
    await settled('global:day');
    socket.events.length = 0;

    const coins = await earn(first, player, 70);
    const update = await socket.until(
      'rating:update',
      (u) => u.tab === 'global' && u.items.some((item) => 'tgId' in item && item.tgId === player.tgId),
    );
    expect(update).toMatchObject({ tab: 'global', period: 'day' });
    expect(update.items[0]).toMatchObject({ rank: 1, tgId: player.tgId, score: coins, firstName: 'Test' });

    // Nothing changes for ten intervals: nothing is sent.
    const seen = updates(socket).length;
    await sleep(10 * INTERVAL_MS);
    expect(updates(socket)).toHaveLength(seen);
  });

  it('one computation per board per interval, whatever the number of watchers, on both replicas', async () => {
    const player = await newPlayer(first.server, first.config);
    const viewers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => newPlayer((i % 2 ? first : second).server, first.config)),
    );
    const watchers = await Promise.all(
      viewers.map((v, i) => watcher(i % 2 ? first : second, v, 'global', 'week')),
    );
    await settled('global:week');
    for (const socket of watchers) socket.events.length = 0;
    const before = await computations();

    await earn(second, player, 5000);
    await Promise.all(
      watchers.map((socket) =>
        socket.until('rating:update', (u) => u.items.some((i) => 'tgId' in i && i.tgId === player.tgId)),
      ),
    );
    await settled('global:week');
    expect((await computations()) - before).toBe(1);
    for (const socket of watchers) expect(updates(socket)).toHaveLength(1);
  });

  it('rating:unwatch stops the updates; a bad request is refused in the acknowledgement', async () => {
    const player = await newPlayer(first.server, first.config);
    const [stays, leaves] = await Promise.all([
      newPlayer(first.server, first.config).then((v) => watcher(first, v, 'global', 'month')),
      newPlayer(second.server, second.config).then((v) => watcher(second, v, 'global', 'month')),
    ]);
    await settled('global:month');
    expect(await leaves.socket.emitWithAck('rating:unwatch', { tab: 'global', period: 'month' })).toEqual({
      ok: true,
    });
    stays.events.length = 0;
    leaves.events.length = 0;

    await earn(first, player, 9000);
    await stays.until('rating:update', (u) => u.items.some((i) => 'tgId' in i && i.tgId === player.tgId));
    await settled('global:month');
    expect(updates(leaves)).toEqual([]);

    for (const bad of [{ tab: 'me', period: 'day' }, { tab: 'global', period: 'year' }, null, 'global']) {
      const ack = await leaves.socket.emitWithAck('rating:watch', bad as never);
      expect(ack).toEqual({ ok: false, detail: expect.stringContaining('tab') });
    }
  });

  it('the squads board updates as members earn', async () => {
    const influencer = await newPlayer(first.server, first.config);
    const squadId = (await first.app.get(SquadsService).setInfluencer(influencer.tgId, true))!.squad!.id;
    const socket = await watcher(second, await newPlayer(second.server, second.config), 'squads', 'all');
    await settled('squads:all');
    socket.events.length = 0;

    const coins = await earn(first, influencer, 30);
    const update = await socket.until('rating:update', (u) => u.tab === 'squads' && u.items.length > 0);
    expect(update).toMatchObject({ tab: 'squads', period: 'all' });
    expect(update.items.find((item) => 'squadId' in item && item.squadId === squadId)).toMatchObject({
      squadId,
      members: 1,
      score: coins,
      influencer: { tgId: influencer.tgId },
    });
  });

  it('a new day starts the day board over: its watchers get the empty board once', async () => {
    await earn(first, await newPlayer(first.server, first.config), 10);
    const socket = await watcher(first, await newPlayer(first.server, first.config), 'global', 'day');
    await settled('global:day');
    socket.events.length = 0;

    clock.advance(DAY);
    expect(await socket.until('rating:update')).toEqual({ tab: 'global', period: 'day', items: [] });
    await sleep(10 * INTERVAL_MS);
    expect(updates(socket)).toHaveLength(1);
  });
});
