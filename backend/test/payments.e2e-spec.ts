import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Update } from '@grammyjs/types';
import type {
  BoostPlanDto,
  CreditPackDto,
  InvoiceDto,
  OrderStateDto,
  PlanListDto,
  SwipePackDto,
} from '@mememint/contracts';
import { FakeBotApi } from '@mememint/fake-bot-api';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';
import { TEST_REDIS_URL } from './helpers/test-app.js';

// Apps boot slowly on a shared machine, and some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

const DAY_MS = 86_400_000;

/** A clock the test moves forward a day at a time. */
class TestClock extends Clock {
  offsetDays = 0;
  override now(): Date {
    return new Date(Date.now() + this.offsetDays * DAY_MS);
  }
}

describe('Telegram Stars payments', () => {
  let t: TelegramTestApp;
  let ledger: LedgerService;
  const clock = new TestClock();
  let creditPacks: CreditPackDto[];
  let boosts: BoostPlanDto[];
  let swipePacks: SwipePackDto[];

  beforeAll(async () => {
    t = await createTelegramTestApp({
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    ledger = t.app.get(LedgerService);
    const player = await newPlayer(t.server, t.config);
    const list = async <T>(path: string) =>
      ((await request(t.server).get(path).set(bearer(player)).expect(200)).body as PlanListDto<T>).items;
    creditPacks = await list<CreditPackDto>('/api/v1/tariff/?tariffType=basic_generation');
    boosts = await list<BoostPlanDto>('/api/v1/boost/');
    swipePacks = await list<SwipePackDto>('/api/v1/meme_tariff/');
  });
  afterAll(() => t.close());

  const buy = async (player: Player, path: string): Promise<InvoiceDto> =>
    (await request(t.server).get(path).set(bearer(player)).expect(200)).body as InvoiceDto;
  const slugOf = (invoice: InvoiceDto) => FakeBotApi.invoiceSlug(invoice.link);
  const latestOrder = async (player: Player) =>
    (await request(t.server).get('/api/v1/payment/success/').set(bearer(player)).expect(200))
      .body as OrderStateDto;
  const ledgerRows = (player: Player, reason: string): Promise<{ kind: string; delta: number }[]> =>
    t.dataSource.query(
      `SELECT kind, delta FROM ledger_entries WHERE user_id = $1 AND reason = $2 ORDER BY id`,
      [player.tgId, reason],
    );

  it('lists the seeded plans in the player’s language', async () => {
    expect(creditPacks.length).toBeGreaterThan(0);
    expect(creditPacks[0]).toEqual({
      id: expect.any(Number),
      title: '10 credits',
      description: '10 meme generations',
      stars: 50,
      credits: 10,
    });
    expect(boosts[0]).toMatchObject({
      title: 'Premium for 7 days',
      days: 7,
      bonusCredits: 10,
      dailyCredits: 3,
    });
    expect(swipePacks[0]).toMatchObject({ title: '50 swipes', swipes: 50, stars: 25 });

    const russian = await loginAs(t.server, t.config, { id: newTgId(), language_code: 'ru' });
    const res = await request(t.server)
      .get('/api/v1/tariff/')
      .set({ Authorization: `Bearer ${russian.jwtToken}` })
      .expect(200);
    expect(res.body.items[0]).toMatchObject({ title: '10 кредитов', description: '10 генераций мемов' });
    const russianBoosts = await request(t.server)
      .get('/api/v1/boost/')
      .set({ Authorization: `Bearer ${russian.jwtToken}` })
      .expect(200);
    expect(russianBoosts.body.items[0].description).toBe(
      'Монеты ×4, премиум-шаблоны, 10 бонусных кредитов и ещё 3 каждый день',
    );
    await request(t.server)
      .get('/api/v1/tariff/?tariffType=premium')
      .set(bearer(await newPlayer(t.server, t.config)))
      .expect(400);
  });

  it('makes a pending order and a Stars invoice link for it', async () => {
    const player = await newPlayer(t.server, t.config);
    t.telegram.clearCalls();
    const invoice = await buy(player, `/api/v1/tariff/${creditPacks[0]!.id}/`);
    expect(invoice).toEqual({
      orderId: expect.any(String),
      link: expect.stringMatching(/^https:\/\/t\.me\/\$/),
    });
    const [call] = t.telegram.recordedCalls('createInvoiceLink');
    expect(call!.params).toEqual({
      title: '10 credits',
      description: '10 meme generations',
      payload: invoice.orderId,
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: '10 credits', amount: 50 }],
    });
    expect(await latestOrder(player)).toEqual({
      orderId: invoice.orderId,
      status: 'pending',
      kind: 'credit_pack',
      grants: { credits: 10 },
    });
  });

  it('answers 404 for an unknown plan or one of another kind, and the player’s lack of orders', async () => {
    const player = await newPlayer(t.server, t.config);
    for (const path of [
      `/api/v1/tariff/${boosts[0]!.id}/`,
      `/api/v1/boost/${creditPacks[0]!.id}/`,
      '/api/v1/meme_tariff/999999/',
      '/api/v1/tariff/abc/',
      '/api/v1/tariff/99999999999/',
    ]) {
      const res = await request(t.server).get(path).set(bearer(player)).expect(404);
      expect(res.body).toEqual({ detail: 'Plan not found' });
    }
    expect(
      (await request(t.server).get('/api/v1/payment/success/').set(bearer(player)).expect(404)).body,
    ).toEqual({
      detail: 'No orders yet',
    });
  });

  it('waits out a 429 retry_after of createInvoiceLink; Telegram down answers 503 and stores nothing', async () => {
    const player = await newPlayer(t.server, t.config);
    t.telegram.failNext({ method: 'createInvoiceLink', errorCode: 429, retryAfter: 1 });
    const invoice = await buy(player, `/api/v1/tariff/${creditPacks[0]!.id}/`);
    expect((await latestOrder(player)).orderId).toBe(invoice.orderId);

    const other = await newPlayer(t.server, t.config);
    t.telegram.failNext({
      method: 'createInvoiceLink',
      errorCode: 500,
      times: t.config.telegram.apiMaxAttempts,
    });
    const res = await request(t.server)
      .get(`/api/v1/tariff/${creditPacks[0]!.id}/`)
      .set(bearer(other))
      .expect(503);
    expect(res.body).toEqual({
      detail: 'Telegram is unavailable, try again later',
      code: 'TELEGRAM_UNAVAILABLE',
    });
    await request(t.server).get('/api/v1/payment/success/').set(bearer(other)).expect(404);
  });

  it('pays a credit pack: paid once, credits granted through the ledger, order:paid on the socket', async () => {
    const player = await newPlayer(t.server, t.config);
    const socket = await SocketRecorder.connect(t.server, player.token);
    try {
      const before = await me(t.server, player);
      const invoice = await buy(player, `/api/v1/tariff/${creditPacks[1]!.id}/`);
      const paid = await t.telegram.pay(slugOf(invoice), { id: player.tgId, first_name: 'Buyer' });
      expect(paid.preCheckout).toEqual({ ok: true });
      expect(paid.deliveries).toEqual([200, 200]);
      expect(await socket.until('order:paid')).toEqual({ orderId: invoice.orderId });
      expect((await me(t.server, player)).generationLimit).toBe(
        before.generationLimit + creditPacks[1]!.credits,
      );
      expect(await latestOrder(player)).toEqual({
        orderId: invoice.orderId,
        status: 'paid',
        kind: 'credit_pack',
        grants: { credits: creditPacks[1]!.credits },
      });
      expect(await ledgerRows(player, 'purchase')).toEqual([
        { kind: 'credits', delta: creditPacks[1]!.credits },
      ]);
    } finally {
      socket.close();
    }
  });

  it('refuses the pre-checkout of a wrong amount or of someone else’s order, and grants nothing', async () => {
    const owner = await newPlayer(t.server, t.config);
    const stranger = await newPlayer(t.server, t.config);
    const invoice = await buy(owner, `/api/v1/tariff/${creditPacks[0]!.id}/`);

    const cheap = await t.telegram.pay(slugOf(invoice), { id: owner.tgId }, { totalAmount: 1 });
    expect(cheap.preCheckout).toEqual({
      ok: false,
      errorMessage: 'The price of this order has changed. Please open the plan again.',
    });
    const foreign = await t.telegram.pay(slugOf(invoice), { id: stranger.tgId });
    expect(foreign.preCheckout).toEqual({
      ok: false,
      errorMessage: 'This order belongs to another account.',
    });
    expect([cheap.telegramPaymentChargeId, foreign.telegramPaymentChargeId]).toEqual([undefined, undefined]);
    expect((await latestOrder(owner)).status).toBe('pending');
    expect(await ledgerRows(owner, 'purchase')).toEqual([]);
    expect(await ledgerRows(stranger, 'purchase')).toEqual([]);

    // The owner can still pay it; after that it is closed for everyone.
    expect((await t.telegram.pay(slugOf(invoice), { id: owner.tgId })).preCheckout.ok).toBe(true);
    const again = await t.telegram.pay(slugOf(invoice), { id: owner.tgId });
    expect(again.preCheckout).toEqual({
      ok: false,
      errorMessage: 'This order is no longer available. Please open the plan again.',
    });
    expect(await ledgerRows(owner, 'purchase')).toHaveLength(1);
  });

  it('grants once for 100 concurrent deliveries of one payment and for replays of its update', async () => {
    const player = await newPlayer(t.server, t.config);
    const before = await me(t.server, player);
    const invoice = await buy(player, `/api/v1/meme_tariff/${swipePacks[0]!.id}/`);
    const paid = await t.telegram.pay(slugOf(invoice), { id: player.tgId }, { deliveries: 100 });
    expect(paid.deliveries).toHaveLength(101);
    expect(new Set(paid.deliveries)).toEqual(new Set([200]));

    // The same update redelivered (one update_id), 20 at once.
    const replay: Update = {
      update_id: 777_000_001,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: player.tgId, type: 'private' as const, first_name: 'P' },
        from: { id: player.tgId, is_bot: false, first_name: 'P' },
        successful_payment: {
          currency: 'XTR',
          total_amount: swipePacks[0]!.stars,
          invoice_payload: invoice.orderId,
          telegram_payment_charge_id: paid.telegramPaymentChargeId!,
          provider_payment_charge_id: '',
        },
      },
    };
    const statuses = await Promise.all(Array.from({ length: 20 }, () => t.telegram.deliver(replay)));
    expect(new Set(statuses)).toEqual(new Set([200]));

    // Swipe packs may lift swipes above the bar's maximum.
    const after = await me(t.server, player);
    expect(after.swipes).toBe(before.swipes + swipePacks[0]!.swipes);
    expect(after.swipes).toBeGreaterThan(t.config.swipes.max);
    expect(await ledgerRows(player, 'purchase')).toEqual([{ kind: 'swipes', delta: swipePacks[0]!.swipes }]);
    expect(await ledger.findImbalances(player.tgId)).toEqual([]);
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
