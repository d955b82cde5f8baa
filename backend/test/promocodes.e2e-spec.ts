import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type PromoCodeDto } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

describe('promo codes', () => {
  let t: TestApp;
  let influencer: Player;

  const create = (player: Player, body: object = {}) =>
    request(t.server).post('/api/v1/promocodes/').set(bearer(player)).send(body);
  const apply = (player: Player, code: string) =>
    request(t.server)
      .post(`/api/v1/promocodes/${encodeURIComponent(code)}/`)
      .set(bearer(player));
  const mine = async (player: Player): Promise<PromoCodeDto[]> =>
    (await request(t.server).get('/api/v1/promocodes/mine/').set(bearer(player)).expect(200)).body.items;
  const newInfluencer = async () => {
    const player = await newPlayer(t.server, t.config);
    await t.app.get(SquadsService).setInfluencer(player.tgId, true);
    return player;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PROMO_MAX_USES: '100' } });
    influencer = await newInfluencer();
  });
  afterAll(() => t.close());

  it('only influencers create codes: 8 characters of A–Z and 2–9', async () => {
    const player = await newPlayer(t.server, t.config);
    const refused = await create(player, { description: 'Mine' }).expect(403);
    expect(refused.body).toEqual({ detail: ErrorText.promoInfluencersOnly, code: 'PROMO_INFLUENCERS_ONLY' });
    expect(await mine(player)).toEqual([]);

    const made = await create(influencer, { description: '  Five for friends  ' }).expect(201);
    expect(Object.keys(made.body)).toEqual(['id']);
    expect(made.body.id).toMatch(/^[A-Z2-9]{8}$/);
    const without = await create(influencer).expect(201);
    expect(without.body.id).not.toBe(made.body.id);

    const listed = await mine(influencer);
    expect(listed.map((code) => code.id)).toEqual(expect.arrayContaining([made.body.id, without.body.id]));
    expect(listed.find((code) => code.id === made.body.id)).toEqual({
      id: made.body.id,
      description: 'Five for friends',
      generationLimit: 5,
      uses: 0,
      maxUses: 100,
      createdAt: expect.any(String),
    });
    expect(listed.find((code) => code.id === without.body.id)?.description).toBeNull();
  });

  it('refuses a bad body with 400 and makes nothing', async () => {
    const before = (await mine(influencer)).length;
    await create(influencer, { description: 'x'.repeat(201) }).expect(400);
    await create(influencer, { description: 42 }).expect(400);
    await create(influencer, { description: 'ok', uses: 5 }).expect(400);
    expect(await mine(influencer)).toHaveLength(before);
  });

  it('grants the credits once per player, case-insensitively, and says why it refuses', async () => {
    const { id: code } = (await create(influencer, { description: 'Welcome' }).expect(201)).body;
    const player = await newPlayer(t.server, t.config);
    const before = await me(t.server, player);

    const applied = await apply(player, code.toLowerCase()).expect(200);
    const after = await me(t.server, player);
    expect(after.generationLimit).toBe(before.generationLimit + 5);
    expect(after.balanceVersion).toBe(before.balanceVersion + 1);
    // The balances after the grant with their version: the client sets them (never adds to its own).
    const { generationLimit, memeCoins, swipes, balanceVersion } = after;
    expect(applied.body).toEqual({
      generationLimit: 5,
      promoDescription: 'Welcome',
      balances: { generationLimit, memeCoins, swipes, balanceVersion },
    });

    expect((await apply(player, code).expect(409)).body).toEqual({
      detail: ErrorText.promoAlreadyUsed,
      code: 'PROMO_ALREADY_USED',
    });
    expect((await apply(influencer, code).expect(400)).body).toEqual({
      detail: ErrorText.promoOwnCode,
      code: 'PROMO_OWN_CODE',
    });
    expect((await apply(player, 'ZZZZ2222').expect(404)).body).toEqual({
      detail: ErrorText.promoNotFound,
      code: 'PROMO_NOT_FOUND',
    });
    expect((await apply(player, 'abc12').expect(400)).body).toEqual({
      detail: ErrorText.promoTooShort,
      code: 'PROMO_TOO_SHORT',
    });
    await apply(player, 'x'.repeat(500)).expect(404);

    expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit + 5);
    expect((await mine(influencer)).find((listed) => listed.id === code)?.uses).toBe(1);
    const ledger = await t.dataSource.query(
      `SELECT kind, delta, reason, idempotency_key FROM ledger_entries WHERE user_id = $1 AND reason = 'promo'`,
      [player.tgId],
    );
    expect(ledger).toEqual([
      { kind: 'credits', delta: 5, reason: 'promo', idempotency_key: `promo:${code}` },
    ]);
  });

  it('of 200 players applying a code with 100 uses at once exactly 100 succeed; the books stay right', async () => {
    const { id: code } = (await create(influencer).expect(201)).body;
    const players = await Promise.all(Array.from({ length: 200 }, () => newPlayer(t.server, t.config)));

    const answers = await Promise.all(players.map((player) => apply(player, code)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 410)).toHaveLength(100);
    for (const answer of answers.filter((a) => a.status === 410)) {
      expect(answer.body).toEqual({ detail: ErrorText.promoExhausted, code: 'PROMO_EXHAUSTED' });
    }

    expect((await mine(influencer)).find((listed) => listed.id === code)?.uses).toBe(100);
    const [{ users, credits }] = await t.dataSource.query(
      `SELECT count(DISTINCT user_id)::int AS users, COALESCE(SUM(delta), 0)::int AS credits
         FROM ledger_entries WHERE idempotency_key = $1`,
      [`promo:${code}`],
    );
    expect({ users, credits }).toEqual({ users: 100, credits: 500 });
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM promo_code_uses WHERE code = $1',
      [code],
    );
    expect(count).toBe(100);
    expect(await t.app.get(LedgerService).findImbalances()).toEqual([]);

    // The 101st, later, is refused the same way.
    expect((await apply(await newPlayer(t.server, t.config), code).expect(410)).body.code).toBe(
      'PROMO_EXHAUSTED',
    );
  });

  it('one player applying the same code ten times at once gets it once', async () => {
    const { id: code } = (await create(influencer).expect(201)).body;
    const player = await newPlayer(t.server, t.config);
    const credits = (await me(t.server, player)).generationLimit;
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => apply(player, code)))).map(
      (answer) => answer.status,
    );
    expect(statuses.sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect((await me(t.server, player)).generationLimit).toBe(credits + 5);
    expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
  });

  it('needs a token', async () => {
    await request(t.server).post('/api/v1/promocodes/').send({}).expect(401);
    await request(t.server).post('/api/v1/promocodes/ABCDEFGH/').expect(401);
  });
});
