import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Update } from '@grammyjs/types';
import type { BoostPlanDto, CreditPackDto, SwipePackDto } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import type { TelegramTestApp } from './helpers/fake-telegram.js';
import { bearer, me, newPlayer } from './helpers/memes.js';
import { paymentsSuite } from './helpers/payments.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';

// Apps boot slowly on a shared machine, and 100 concurrent deliveries take seconds on a busy box.
jest.setTimeout(180_000);

describe('Telegram Stars payments', () => {
  const suite = paymentsSuite();
  const { buy, slugOf, latestOrder, ledgerRows } = suite;
  let t: TelegramTestApp;
  let ledger: LedgerService;
  let creditPacks: CreditPackDto[];
  let boosts: BoostPlanDto[];
  let swipePacks: SwipePackDto[];
  beforeAll(() => {
    ({ t, ledger, creditPacks, boosts, swipePacks } = suite);
  });

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
});
