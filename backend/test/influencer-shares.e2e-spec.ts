import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { InfluencerShareService } from '../src/squads/influencer-share.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

/**
 * The function payments calls when a Stars order is paid or refunded (issue 10: "the payments issue
 * calls one function of this module when an order is paid").
 */
describe('influencer shares of paid orders', () => {
  let t: TestApp;
  let shares: InfluencerShareService;
  let influencer: Player;
  let squadId: number;
  let charge = 0;
  const nextCharge = () => `charge-${Date.now()}-${(charge += 1)}`;
  const spending = async (player: Player) => (await me(t.server, player)).referralSpending;

  /** Influencers whose referralSpending is not the sum of their share rows. */
  const imbalances = () =>
    t.dataSource.query(
      `SELECT u.tg_id, u.referral_spending, COALESCE(s.total, 0)::int AS total FROM users u
         LEFT JOIN (SELECT influencer_id, SUM(share) AS total FROM influencer_shares GROUP BY influencer_id) s
           ON s.influencer_id = u.tg_id
        WHERE u.referral_spending <> COALESCE(s.total, 0)`,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { INFLUENCER_SHARE_PERCENT: '10' } });
    shares = t.app.get(InfluencerShareService);
    influencer = await newPlayer(t.server, t.config);
    squadId = (await t.app.get(SquadsService).setInfluencer(influencer.tgId, true))!.squad!.id;
  });
  afterAll(() => t.close());

  const member = async () => {
    const player = await newPlayer(t.server, t.config);
    await request(t.server).post(`/api/v1/squads/${squadId}/join/`).set(bearer(player)).expect(200);
    return player;
  };

  it('accrues 10% of a member’s order, rounded down, once per charge id; a refund takes it back once', async () => {
    const payer = await member();
    const chargeId = nextCharge();
    const before = await spending(influencer);

    expect(await shares.accrueForPaidOrder({ payerId: payer.tgId, stars: 99, chargeId })).toEqual({
      influencerId: influencer.tgId,
      share: 9,
      applied: true,
    });
    expect(await spending(influencer)).toBe(before + 9);
    expect(await shares.accrueForPaidOrder({ payerId: payer.tgId, stars: 99, chargeId })).toEqual({
      influencerId: influencer.tgId,
      share: 9,
      applied: false,
    });
    expect(await spending(influencer)).toBe(before + 9);

    expect(await shares.takeBackForRefund(chargeId)).toEqual({
      influencerId: influencer.tgId,
      share: -9,
      applied: true,
    });
    expect(await shares.takeBackForRefund(chargeId)).toMatchObject({ share: -9, applied: false });
    expect(await spending(influencer)).toBe(before);
    expect(await spending(payer)).toBe(0);
    expect(await imbalances()).toEqual([]);
  });

  it('the share stays with the squad the payer was in when they paid', async () => {
    const payer = await member();
    const chargeId = nextCharge();
    const before = await spending(influencer);
    await shares.accrueForPaidOrder({ payerId: payer.tgId, stars: 250, chargeId });
    await request(t.server).post('/api/v1/squads/leave/').set(bearer(payer)).expect(200);
    expect(await spending(influencer)).toBe(before + 25);
    // A refund after leaving takes back from the influencer who got it.
    expect(await shares.takeBackForRefund(chargeId)).toMatchObject({
      influencerId: influencer.tgId,
      share: -25,
    });
    expect(await spending(influencer)).toBe(before);
  });

  it('pays nothing outside a squad, for the influencer’s own orders, or when the share rounds to 0', async () => {
    const loner = await newPlayer(t.server, t.config);
    const payer = await member();
    const before = await spending(influencer);
    expect(
      await shares.accrueForPaidOrder({ payerId: loner.tgId, stars: 500, chargeId: nextCharge() }),
    ).toBeNull();
    expect(
      await shares.accrueForPaidOrder({ payerId: influencer.tgId, stars: 500, chargeId: nextCharge() }),
    ).toBeNull();
    expect(
      await shares.accrueForPaidOrder({ payerId: payer.tgId, stars: 9, chargeId: nextCharge() }),
    ).toBeNull();
    expect(await shares.takeBackForRefund(nextCharge())).toBeNull();
    expect(await spending(influencer)).toBe(before);
    await expect(
      shares.accrueForPaidOrder({ payerId: payer.tgId, stars: -5, chargeId: nextCharge() }),
    ).rejects.toThrow();
  });

  it('joins the caller’s transaction: a rolled-back payment accrues nothing', async () => {
    const payer = await member();
    const before = await spending(influencer);
    await expect(
      t.dataSource.transaction(async (em) => {
        await shares.accrueForPaidOrder({ payerId: payer.tgId, stars: 100, chargeId: nextCharge() }, em);
        throw new Error('the order could not be credited');
      }),
    ).rejects.toThrow('the order could not be credited');
    expect(await spending(influencer)).toBe(before);
  });

  it('100 orders paid at once, each reported three times, accrue each share once', async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, () => member()));
    const before = await spending(influencer);
    const orders = Array.from({ length: 100 }, (_, i) => ({
      payerId: payers[i % payers.length]!.tgId,
      stars: 50 + i,
      chargeId: nextCharge(),
    }));
    const results = await Promise.all(
      [...orders, ...orders, ...orders].map((order) => shares.accrueForPaidOrder(order)),
    );
    expect(results.filter((result) => result?.applied)).toHaveLength(100);
    const expected = orders.reduce((sum, order) => sum + Math.floor(order.stars / 10), 0);
    expect(await spending(influencer)).toBe(before + expected);

    await Promise.all(
      orders.slice(0, 40).flatMap((order) => [1, 2].map(() => shares.takeBackForRefund(order.chargeId))),
    );
    const refunded = orders.slice(0, 40).reduce((sum, order) => sum + Math.floor(order.stars / 10), 0);
    expect(await spending(influencer)).toBe(before + expected - refunded);
    expect(await imbalances()).toEqual([]);
  });
});
