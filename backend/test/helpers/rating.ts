import { setTimeout as sleep } from 'node:timers/promises';

import type {
  RatingPeriod,
  RatingPlayersResponse,
  RatingSquadsResponse,
  RatingTab,
} from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../../src/ledger/ledger.service.js';
import { bearer, type Player } from './memes.js';
import type { TestApp } from './test-app.js';

let earnings = 0;

/**
 * The player earns coins the way every game action does: an earned ledger row (×m). The rating
 * hears of it once the row commits; answers the coins written (after the multiplier).
 */
export async function earn(t: TestApp, player: Player, coins: number): Promise<number> {
  earnings += 1;
  const result = await t.app
    .get(LedgerService)
    .earnCoins(player.tgId, coins, { reason: 'quest', idempotencyKey: `rating-test:${earnings}` });
  return result.deltas.coins ?? 0;
}

export async function rate<T extends RatingTab>(
  t: TestApp,
  player: Player,
  tab: T,
  period: RatingPeriod,
  page?: number,
): Promise<T extends 'squads' ? RatingSquadsResponse : RatingPlayersResponse> {
  const query = `tab=${tab}&period=${period}${page === undefined ? '' : `&page=${page}`}`;
  const res = await request(t.server).get(`/api/v1/users/rate/?${query}`).set(bearer(player)).expect(200);
  return res.body;
}

/**
 * Waits until the player's all-time score is `score` (the rating is written after the ledger
 * commits, off the request's path); the test's timeout bounds the wait.
 */
export async function untilScore(t: TestApp, player: Player, score: number): Promise<void> {
  while ((await rate(t, player, 'me', 'all')).me.score !== score) await sleep(20);
}
