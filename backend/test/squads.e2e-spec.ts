import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  ErrorText,
  type SquadDto,
  type SquadListResponse,
  type SquadMembershipDto,
} from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { MovableClock } from './helpers/movable-clock.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// Some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

const HOUR = 3_600_000;

describe('squads', () => {
  let t: TestApp;
  const clock = new MovableClock();

  beforeAll(async () => {
    t = await createTestApp({ override: (builder) => builder.overrideProvider(Clock).useValue(clock) });
  });
  afterAll(() => t.close());

  /** An influencer (as `npm run admin -- influencer <tgId>` makes one) and their squad. */
  const newInfluencer = async (username?: string): Promise<{ influencer: Player; squadId: number }> => {
    const tgId = newTgId();
    const influencer = await newPlayer(t.server, t.config, { tgId });
    if (username)
      await t.dataSource.query('UPDATE users SET username = $2 WHERE tg_id = $1', [tgId, username]);
    const change = await t.app.get(SquadsService).setInfluencer(tgId, true);
    return { influencer, squadId: change!.squad!.id };
  };
  const join = (player: Player, squadId: number | string) =>
    request(t.server).post(`/api/v1/squads/${squadId}/join/`).set(bearer(player));
  const leave = (player: Player) => request(t.server).post('/api/v1/squads/leave/').set(bearer(player));
  const list = async (player: Player, query = ''): Promise<SquadListResponse> =>
    (await request(t.server).get(`/api/v1/squads/${query}`).set(bearer(player)).expect(200)).body;
  const squad = async (player: Player, id: number): Promise<SquadDto> =>
    (await request(t.server).get(`/api/v1/squads/${id}/`).set(bearer(player)).expect(200)).body;

  it('`npm run admin -- influencer <tgId> [--off]` sets the flag and makes, then dissolves, the squad', async () => {
    const player = await newPlayer(t.server, t.config);
    await t.dataSource.query('UPDATE users SET username = $2 WHERE tg_id = $1', [player.tgId, 'squad_boss']);
    const member = await newPlayer(t.server, t.config);
    const cli = (args: string[]) =>
      runAdminCli(args, {
        DATABASE_URL: t.database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
        BULL_PREFIX: t.config.redis.bullPrefix,
      });

    const on = await cli(['influencer', String(player.tgId)]);
    expect(on.code).toBe(0);
    const squadId = Number(/squad (\d+) "squad_boss"/.exec(on.output)?.[1]);
    expect(on.output).toBe(`User ${player.tgId} is an influencer, leading squad ${squadId} "squad_boss".\n`);
    expect((await me(t.server, player)).infl).toBe(true);
    await join(member, squadId).expect(200);
    expect(await squad(member, squadId)).toMatchObject({ title: 'squad_boss', members: 2 });
    // Again: nothing new, the same squad.
    expect((await cli(['influencer', String(player.tgId)])).output).toContain(`leading squad ${squadId} `);

    const off = await cli(['influencer', String(player.tgId), '--off']);
    expect(off).toEqual({
      code: 0,
      output: `User ${player.tgId} is no longer an influencer; squad ${squadId} "squad_boss" is dissolved (1 member left it).\n`,
    });
    expect((await me(t.server, player)).infl).toBe(false);
    expect((await list(member)).mine).toEqual({ squadId: null, switchAvailableAt: null });
    await request(t.server).get(`/api/v1/squads/${squadId}/`).set(bearer(member)).expect(404);

    expect((await cli(['influencer', String(newTgId())])).code).toBe(1);
    expect((await cli(['influencer', 'someone'])).code).toBe(2);
    expect((await cli(['influencer', String(player.tgId), '--of'])).code).toBe(2);
  });

  it('an influencer leads a squad named after them, and is its first member', async () => {
    const { influencer, squadId } = await newInfluencer('meme_queen');
    expect((await me(t.server, influencer)).infl).toBe(true);
    expect(await squad(influencer, squadId)).toEqual({
      id: squadId,
      rank: expect.any(Number),
      title: 'meme_queen',
      influencer: { tgId: influencer.tgId, username: 'meme_queen', firstName: 'Test', photoUrl: null },
      members: 1,
      score: 0,
    });
    const mine = await list(influencer, '?pageSize=100');
    expect(mine.mine).toEqual({ squadId, switchAvailableAt: null });
    expect(mine.items.map((item) => item.id)).toContain(squadId);
    expect(mine.total).toBeGreaterThanOrEqual(1);
  });

  it('joining starts the switch cooldown; switching inside it is 429 with retryAfter, after it works', async () => {
    const { squadId: first } = await newInfluencer();
    const { squadId: second } = await newInfluencer();
    const player = await newPlayer(t.server, t.config);

    const joined = await join(player, first).expect(200);
    const until = Date.parse((joined.body as SquadMembershipDto).switchAvailableAt!);
    expect(joined.body.squadId).toBe(first);
    expect(until - clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);
    expect(until - clock.now().getTime()).toBeLessThanOrEqual(24 * HOUR);
    expect((await squad(player, first)).members).toBe(2);

    // Joining the squad you are in changes nothing.
    expect((await join(player, first).expect(200)).body).toEqual(joined.body);

    const refused = await join(player, second).expect(429);
    expect(refused.body).toEqual({
      detail: ErrorText.squadSwitchCooldown,
      code: 'SQUAD_SWITCH_COOLDOWN',
      retryAfter: expect.any(Number),
    });
    expect(refused.body.retryAfter).toBeGreaterThan(23 * 3600);
    expect(refused.body.retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await list(player)).mine.squadId).toBe(first);

    clock.advance(24 * HOUR + 1000);
    try {
      expect((await join(player, second).expect(200)).body.squadId).toBe(second);
      expect((await squad(player, first)).members).toBe(1);
      expect((await squad(player, second)).members).toBe(2);
    } finally {
      clock.reset();
    }
  });

  it('leaving keeps the cooldown; outside a squad leaving is 404', async () => {
    const { squadId: first } = await newInfluencer();
    const { squadId: second } = await newInfluencer();
    const player = await newPlayer(t.server, t.config);
    const joined = (await join(player, first).expect(200)).body as SquadMembershipDto;

    expect((await leave(player).expect(200)).body).toEqual({
      squadId: null,
      switchAvailableAt: joined.switchAvailableAt,
    });
    expect((await squad(player, first)).members).toBe(1);
    expect((await leave(player).expect(404)).body).toEqual({
      detail: ErrorText.notInSquad,
      code: 'NOT_IN_SQUAD',
    });
    expect((await join(player, second).expect(429)).body.code).toBe('SQUAD_SWITCH_COOLDOWN');
  });

  it('an influencer stays in their own squad', async () => {
    const { influencer, squadId } = await newInfluencer();
    const { squadId: other } = await newInfluencer();
    const stays = { detail: ErrorText.influencerStaysInSquad, code: 'INFLUENCER_STAYS_IN_SQUAD' };
    expect((await leave(influencer).expect(409)).body).toEqual(stays);
    expect((await join(influencer, other).expect(409)).body).toEqual(stays);
    expect((await join(influencer, squadId).expect(200)).body).toEqual({ squadId, switchAvailableAt: null });
  });

  it('unknown squads are 404', async () => {
    const player = await newPlayer(t.server, t.config);
    for (const id of ['999999', 'abc', '0', '-1', '99999999999', '1.5']) {
      const res = await join(player, id).expect(404);
      expect(res.body.detail).toBe(ErrorText.squadNotFound);
      await request(t.server).get(`/api/v1/squads/${id}/`).set(bearer(player)).expect(404);
    }
    expect((await list(player)).mine).toEqual({ squadId: null, switchAvailableAt: null });
  });

  it('a player invited by an influencer joins their squad at sign-up with refInfl, and may switch at once', async () => {
    const { influencer, squadId } = await newInfluencer();
    const { squadId: other } = await newInfluencer();
    const friend = await newPlayer(t.server, t.config, { startParam: `ref_${influencer.tgId}` });
    expect(await me(t.server, friend)).toMatchObject({
      referalId: influencer.tgId,
      refInfl: influencer.tgId,
    });
    expect((await list(friend)).mine).toEqual({ squadId, switchAvailableAt: null });
    expect((await squad(friend, squadId)).members).toBe(2);

    expect((await join(friend, other).expect(200)).body.squadId).toBe(other);
    // refInfl records who invited the player and never changes.
    expect((await me(t.server, friend)).refInfl).toBe(influencer.tgId);

    // An ordinary player's invite sets referalId only.
    const inviter = await newPlayer(t.server, t.config);
    const invited = await newPlayer(t.server, t.config, { startParam: `ref_${inviter.tgId}` });
    expect(await me(t.server, invited)).toMatchObject({ referalId: inviter.tgId, refInfl: null });
    expect((await list(invited)).mine.squadId).toBeNull();
  });

  it('turning an influencer off dissolves the squad: its members leave with no cooldown', async () => {
    const { influencer, squadId } = await newInfluencer();
    const { squadId: other } = await newInfluencer();
    const members = await Promise.all([newPlayer(t.server, t.config), newPlayer(t.server, t.config)]);
    for (const member of members) await join(member, squadId).expect(200);
    expect((await squad(influencer, squadId)).members).toBe(3);

    const change = await t.app.get(SquadsService).setInfluencer(influencer.tgId, false);
    expect(change).toMatchObject({ tgId: influencer.tgId, infl: false, squad: { id: squadId }, released: 2 });
    expect((await me(t.server, influencer)).infl).toBe(false);
    await request(t.server).get(`/api/v1/squads/${squadId}/`).set(bearer(influencer)).expect(404);
    for (const member of members) {
      expect((await list(member)).mine).toEqual({ squadId: null, switchAvailableAt: null });
      expect((await join(member, other).expect(200)).body.squadId).toBe(other);
    }
    expect((await squad(members[0]!, other)).members).toBe(3);
    // The former influencer is an ordinary player now.
    expect((await join(influencer, other).expect(200)).body.squadId).toBe(other);
  });

  it('the influencer renames their squad; others may not', async () => {
    const { influencer, squadId } = await newInfluencer();
    const rename = (player: Player, body: object) =>
      request(t.server).patch('/api/v1/squads/mine/').set(bearer(player)).send(body);
    expect((await rename(influencer, { title: '  Meme Lords  ' }).expect(200)).body).toEqual({
      id: squadId,
      title: 'Meme Lords',
    });
    expect((await squad(influencer, squadId)).title).toBe('Meme Lords');
    for (const body of [{ title: '' }, { title: '   ' }, { title: 'x'.repeat(65) }, { title: 5 }, {}]) {
      await rename(influencer, body).expect(400);
    }
    const player = await newPlayer(t.server, t.config);
    expect((await rename(player, { title: 'Mine now' }).expect(403)).body).toEqual({
      detail: ErrorText.squadInfluencerOnly,
      code: 'SQUAD_INFLUENCER_ONLY',
    });
    expect((await squad(influencer, squadId)).title).toBe('Meme Lords');
  });

  it('40 players joining at once are all counted; one player joining two squads at once gets one', async () => {
    const { influencer, squadId } = await newInfluencer();
    const { squadId: other } = await newInfluencer();
    const players = await Promise.all(Array.from({ length: 40 }, () => newPlayer(t.server, t.config)));
    const statuses = (await Promise.all(players.map((player) => join(player, squadId)))).map((r) => r.status);
    expect(statuses).toEqual(players.map(() => 200));
    expect((await squad(influencer, squadId)).members).toBe(41);
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM squad_memberships WHERE squad_id = $1',
      [squadId],
    );
    expect(count).toBe(41);

    const player = await newPlayer(t.server, t.config);
    const both = (await Promise.all([join(player, squadId), join(player, other)]))
      .map((r) => r.status)
      .sort();
    expect(both).toEqual([200, 429]);
    const counts = [(await squad(player, squadId)).members, (await squad(player, other)).members];
    expect(counts[0]! + counts[1]!).toBe(41 + 1 + 1);
  });
});
