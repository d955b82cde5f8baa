import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SquadDto } from '@mememint/contracts';
import request from 'supertest';

import { toMember } from '../src/rating/rating-periods.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { earn, rate, untilScore } from './helpers/rating.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('a deleted account leaves the leaderboards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const squadOf = async (influencer: Player, squadId: number) =>
    (await request(t.server).get(`/api/v1/squads/${squadId}/`).set(bearer(influencer)).expect(200))
      .body as SquadDto;

  /** Every rating key in Redis that still names the player. */
  async function keysNaming(tgId: number): Promise<string[]> {
    // KEYS takes no client prefix; the other commands add it.
    const keys = await t.redis.keys(`${t.config.redis.keyPrefix}rating:*`);
    const naming: string[] = [];
    for (const key of keys.map((k) => k.slice(t.config.redis.keyPrefix.length))) {
      const type = await t.redis.type(key);
      if (type === 'zset' && (await t.redis.zscore(key, toMember(tgId))) !== null) naming.push(key);
    }
    return naming;
  }

  it('removes the id from every board and its squad’s score and members', async () => {
    const influencer = await newPlayer(t.server, t.config);
    await t.app.get(SquadsService).setInfluencer(influencer.tgId, true);
    const [squad] = await t.dataSource.query(`SELECT id FROM squads WHERE influencer_id = $1`, [
      influencer.tgId,
    ]);
    const squadId = Number(squad.id);
    const leaving = await newPlayer(t.server, t.config);
    const staying = await newPlayer(t.server, t.config);
    for (const member of [leaving, staying])
      await request(t.server).post(`/api/v1/squads/${squadId}/join/`).set(bearer(member)).expect(200);

    const leavingScore = await earn(t, leaving, 70);
    const stayingScore = await earn(t, staying, 20);
    await untilScore(t, leaving, leavingScore);
    await untilScore(t, staying, stayingScore);
    const global = await rate(t, staying, 'global', 'day');
    expect(global.items.map((item) => item.tgId)).toContain(leaving.tgId);
    expect((await rate(t, staying, 'squad', 'all')).items.map((item) => item.tgId)).toContain(leaving.tgId);
    const before = await squadOf(influencer, squadId);
    expect(before.score).toBe(leavingScore + stayingScore);
    expect(await keysNaming(leaving.tgId)).not.toEqual([]);

    await request(t.server).delete('/api/v1/users/me/').set(bearer(leaving)).expect(204);

    for (const period of ['all', 'day', 'week', 'month'] as const) {
      const board = await rate(t, staying, 'global', period);
      expect(board.items.map((item) => item.tgId)).not.toContain(leaving.tgId);
      expect(board.items.some((item) => item.tgId < 0)).toBe(false);
    }
    const members = await rate(t, staying, 'squad', 'all');
    expect(members.items.map((item) => item.tgId)).toContain(staying.tgId);
    expect(members.items.map((item) => item.tgId)).not.toContain(leaving.tgId);
    const after = await squadOf(influencer, squadId);
    expect(after.score).toBe(stayingScore);
    expect(after.members).toBe(before.members - 1);
    expect(await keysNaming(leaving.tgId)).toEqual([]);
  });
});
