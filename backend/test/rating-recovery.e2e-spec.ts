import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { RatingPlayerEntry } from '@mememint/contracts';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { RatingRebuildService } from '../src/rating/rating-rebuild.service.js';
import { RatingRecoveryService } from '../src/rating/rating-recovery.service.js';
import { newPlayer, type Player } from './helpers/memes.js';
import { earn, rate, untilScore } from './helpers/rating.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const rows = (items: RatingPlayerEntry[]) => items.map((item) => [item.rank, item.tgId, item.score]);

/**
 * Issue 28 item 4: Redis loses the boards (a restart without persistence, a flush). Two replicas of
 * one deployment look for the boards' marker; one rebuilds them from PostgreSQL, nobody runs
 * `rating:rebuild`.
 */
describe('leaderboards after Redis lost them', () => {
  let first: TestApp;
  let second: TestApp;
  const env = { RATING_LOSS_CHECK_MS: '200' };

  beforeAll(async () => {
    first = await createTestApp({ env });
    second = await createTestApp({
      replicaOf: first,
      env,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const rebuilds = () =>
    first.app.get(RatingRecoveryService).rebuilds + second.app.get(RatingRecoveryService).rebuilds;

  it('are rebuilt by one replica from the ledger, without `rating:rebuild`', async () => {
    const rich: Player = await newPlayer(first.server, first.config);
    const poor: Player = await newPlayer(first.server, first.config);
    const richCoins = await earn(first, rich, 503);
    const poorCoins = await earn(first, poor, 40);
    await untilScore(first, rich, richCoins);
    await untilScore(first, poor, poorCoins);
    const board = rows((await rate(second, poor, 'global', 'all')).items);
    expect(board).toEqual([
      [1, rich.tgId, richCoins],
      [2, poor.tgId, poorCoins],
    ]);
    const rebuildsBefore = rebuilds();

    // Every rating key goes, the marker with them: what a Redis restart without its data leaves.
    const prefix = first.config.redis.keyPrefix;
    const keys = await first.redis.keys(`${prefix}rating:*`);
    expect(keys).toContain(`${prefix}rating:built`);
    await first.redis.del(...keys.map((key) => key.slice(prefix.length)));

    // No rebuild by hand: the board comes back as it was (the test's timeout bounds the wait).
    while (JSON.stringify(rows((await rate(first, poor, 'global', 'all')).items)) !== JSON.stringify(board))
      await sleep(50);
    expect((await rate(second, poor, 'me', 'all')).me).toEqual({ rank: 2, score: poorCoins });
    expect(rebuilds() - rebuildsBefore).toBe(1);
  });

  it('keeps what is earned while a rebuild reads the ledger', async () => {
    const player: Player = await newPlayer(first.server, first.config);
    const before = await earn(first, player, 70);
    await untilScore(first, player, before);
    const ledger = first.app.get(LedgerService);
    const read = ledger.earnedTotals.bind(ledger);
    let during = 0;
    // The rebuild's first read of the ledger is done; then the player earns (a row the read missed)
    // and the live boards show it, before the rebuild swaps in its boards.
    const spy = jest.spyOn(ledger, 'earnedTotals').mockImplementationOnce(async (...args) => {
      const rows = await read(...args);
      during = await earn(first, player, 9);
      await untilScore(first, player, before + during);
      return rows;
    });
    try {
      await first.app.get(RatingRebuildService).rebuild();
    } finally {
      spy.mockRestore();
    }
    expect(during).toBeGreaterThan(0);
    expect((await rate(second, player, 'me', 'all')).me.score).toBe(before + during);
    expect((await rate(second, player, 'me', 'day')).me.score).toBe(before + during);
  });
});
