import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BoostPlanDto, CreditPackDto } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { DAY_MS, paymentsSuite } from './helpers/payments.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { TEST_REDIS_URL } from './helpers/test-app.js';

// Apps boot slowly on a shared machine, and some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

describe('Telegram Stars payments', () => {
  const suite = paymentsSuite();
  const { clock, buy, slugOf, latestOrder, ledgerRows } = suite;
  let t: TelegramTestApp;
  let ledger: LedgerService;
  let creditPacks: CreditPackDto[];
  let boosts: BoostPlanDto[];
  beforeAll(() => {
    ({ t, ledger, creditPacks, boosts } = suite);
  });

  it('a boost sets boostEnds and grants its bonus; a second one extends from the current end', async () => {
    const player = await newPlayer(t.server, t.config);
    const before = await me(t.server, player);
    const plan = boosts[0]!;
    const start = Date.now();
    await t.telegram.pay(slugOf(await buy(player, `/api/v1/boost/${plan.id}/`)), { id: player.tgId });
    const first = await me(t.server, player);
    const firstEnd = Date.parse(first.boostEnds!);
    expect(firstEnd).toBeGreaterThanOrEqual(start + plan.days * DAY_MS);
    expect(firstEnd).toBeLessThanOrEqual(Date.now() + plan.days * DAY_MS);
    expect(first.generationLimit).toBe(before.generationLimit + plan.bonusCredits);

    await t.telegram.pay(slugOf(await buy(player, `/api/v1/boost/${plan.id}/`)), { id: player.tgId });
    const second = await me(t.server, player);
    expect(Date.parse(second.boostEnds!)).toBe(firstEnd + plan.days * DAY_MS);
    expect(second.generationLimit).toBe(before.generationLimit + 2 * plan.bonusCredits);
    expect(await latestOrder(player)).toMatchObject({
      status: 'paid',
      kind: 'boost',
      grants: { credits: plan.bonusCredits, boostDays: plan.days, dailyCredits: plan.dailyCredits },
    });
  });

  it('grants the boost’s daily credits once per UTC day under parallel first requests', async () => {
    const boosted = await newPlayer(t.server, t.config);
    const plain = await newPlayer(t.server, t.config);
    const plan = boosts[1]!;
    await t.telegram.pay(slugOf(await buy(boosted, `/api/v1/boost/${plan.id}/`)), { id: boosted.tgId });
    const socket = await SocketRecorder.connect(t.server, boosted.token);
    try {
      for (const day of [1, 2]) {
        clock.offsetDays = day;
        const before = (await ledgerRows(boosted, 'boost-daily-bonus')).length;
        await Promise.all(
          [boosted, plain].flatMap((player) =>
            Array.from({ length: 20 }, () =>
              request(t.server).get('/api/v1/auth/me/').set(bearer(player)).expect(200),
            ),
          ),
        );
        expect(await ledgerRows(boosted, 'boost-daily-bonus')).toHaveLength(before + 1);
      }
      expect(await ledgerRows(boosted, 'boost-daily-bonus')).toEqual([
        { kind: 'credits', delta: plan.dailyCredits },
        { kind: 'credits', delta: plan.dailyCredits },
      ]);
      expect(await ledgerRows(plain, 'boost-daily-bonus')).toEqual([]);
      const day2 = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
      expect(await socket.until('boost:daily-bonus', (p) => p.day === day2)).toEqual({
        credits: plan.dailyCredits,
        day: day2,
      });
    } finally {
      clock.offsetDays = 0;
      socket.close();
    }
  });

  it('GET /v1/payment/daily-bonus/ tells the bonus the day’s first request granted (the socket was not up yet)', async () => {
    const boosted = await newPlayer(t.server, t.config);
    const plain = await newPlayer(t.server, t.config);
    const plan = boosts[0]!;
    await t.telegram.pay(slugOf(await buy(boosted, `/api/v1/boost/${plan.id}/`)), { id: boosted.tgId });
    try {
      clock.offsetDays = 3;
      const day = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
      const bonusOf = async (player: Player) =>
        (await request(t.server).get('/api/v1/payment/daily-bonus/').set(bearer(player)).expect(200)).body;
      // This request is the day's first: it grants the bonus, then answers it.
      expect(await bonusOf(boosted)).toEqual({ day, credits: plan.dailyCredits });
      expect(await bonusOf(boosted)).toEqual({ day, credits: plan.dailyCredits });
      expect(await ledgerRows(boosted, 'boost-daily-bonus')).toHaveLength(1);
      expect(await bonusOf(plain)).toEqual({ day, credits: 0 });
    } finally {
      clock.offsetDays = 0;
    }
  });

  it('`npm run admin -- refund <orderId>` refunds through Telegram and takes back the grants (clamped at 0) and the influencer share', async () => {
    const influencer = await newPlayer(t.server, t.config);
    const squad = (await t.app.get(SquadsService).setInfluencer(influencer.tgId, true))!.squad!;
    const player = await newPlayer(t.server, t.config);
    await request(t.server).post(`/api/v1/squads/${squad.id}/join/`).set(bearer(player)).expect(200);
    const invoice = await buy(player, `/api/v1/boost/${boosts[0]!.id}/`);
    await t.telegram.pay(slugOf(invoice), { id: player.tgId });
    const share = Math.floor((boosts[0]!.stars * t.config.referrals.influencerSharePercent) / 100);
    expect((await me(t.server, influencer)).referralSpending).toBe(share);
    const boosted = await me(t.server, player);
    // The player spends all but 2 of their credits before the refund.
    await ledger.spendCredits(player.tgId, boosted.generationLimit - 2, { reason: 'generation' });

    // Its own process, as an operator runs it, calling the same fake Bot API.
    const env = {
      DATABASE_URL: t.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
      TELEGRAM_API_URL: t.telegram.url,
    };
    t.telegram.clearCalls();
    const refunded = await runAdminCli(['refund', invoice.orderId], env);
    expect(refunded).toEqual({
      code: 0,
      output:
        `Refunded order ${invoice.orderId} of user ${player.tgId}: took back 2 credits ` +
        `and ${boosts[0]!.days} boost days.\n`,
    });
    const [refundCall] = t.telegram.recordedCalls('refundStarPayment');
    expect(refundCall!.params).toMatchObject({ user_id: player.tgId });
    const after = await me(t.server, player);
    expect(after.generationLimit).toBe(0);
    expect(Date.parse(after.boostEnds!)).toBeLessThanOrEqual(Date.now());
    expect((await latestOrder(player)).status).toBe('refunded');
    expect((await me(t.server, influencer)).referralSpending).toBe(0);

    const again = await runAdminCli(['refund', invoice.orderId], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('only a paid order can be refunded');
    expect((await me(t.server, influencer)).referralSpending).toBe(0);
    const pending = await buy(player, `/api/v1/tariff/${creditPacks[0]!.id}/`);
    expect((await runAdminCli(['refund', pending.orderId], env)).code).toBe(1);
    expect((await runAdminCli(['refund'], env)).code).toBe(2);
  });

  it('lets admins add and edit plans; players may not', async () => {
    const admin = await newPlayer(t.server, t.config);
    await t.dataSource.query('UPDATE users SET is_admin = true, admin_by_command = true WHERE tg_id = $1', [
      admin.tgId,
    ]);
    const player = await newPlayer(t.server, t.config);
    const created = await request(t.server)
      .post('/api/v1/plans/')
      .set(bearer(admin))
      .send({
        kind: 'credit_pack',
        title: { en: '3 credits', ru: '3 кредита' },
        description: { en: 'A taste', ru: 'Попробовать' },
        stars: 15,
        credits: 3,
        sortOrder: -1,
      })
      .expect(201);
    expect(
      (await request(t.server).get('/api/v1/tariff/').set(bearer(player)).expect(200)).body.items[0],
    ).toEqual({
      id: created.body.id,
      title: '3 credits',
      description: 'A taste',
      stars: 15,
      credits: 3,
    });
    await request(t.server)
      .patch(`/api/v1/plans/${created.body.id}/`)
      .set(bearer(admin))
      .send({ stars: 0 })
      .expect(400);
    await request(t.server)
      .patch(`/api/v1/plans/${created.body.id}/`)
      .set(bearer(admin))
      .send({ isActive: false })
      .expect(200);
    const items = (await request(t.server).get('/api/v1/tariff/').set(bearer(player)).expect(200)).body.items;
    expect(items.map((item: CreditPackDto) => item.id)).not.toContain(created.body.id);
    await request(t.server)
      .patch(`/api/v1/plans/${created.body.id}/`)
      .set(bearer(player))
      .send({ stars: 1 })
      .expect(403);
  });

  it('keeps every balance equal to its ledger sum', async () => {
    expect(await ledger.findImbalances()).toEqual([]);
  });
});

describe('webhook registration', () => {
  it('sets the webhook at start when PUBLIC_URL is set, with the secret and the handled kinds', async () => {
    const t = await createTelegramTestApp({ env: { PUBLIC_URL: 'https://mememint.example/' } });
    try {
      while (t.telegram.recordedCalls('setWebhook').length === 0) await new Promise((r) => setTimeout(r, 20));
      const [call] = t.telegram.recordedCalls('setWebhook');
      expect(call!.params).toEqual({
        url: 'https://mememint.example/api/v1/telegram/webhook/',
        secret_token: t.config.telegram.webhookSecret,
        allowed_updates: expect.arrayContaining(['pre_checkout_query', 'message']),
      });
    } finally {
      await t.close();
    }
  });
});
