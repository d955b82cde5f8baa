import { describe, expect, it, jest } from '@jest/globals';
import type {
  AdminGrantResultDto,
  AdminUserDto,
  InvoiceDto,
  PlanListDto,
  SwipePackDto,
} from '@mememint/contracts';
import { FakeBotApi } from '@mememint/fake-bot-api';
import request from 'supertest';

import { type CommandOutput, ExitCode } from '../src/admin/admin-command.js';
import { runAdminCommand } from '../src/admin/command-router.js';
import { addDays, utcDay } from '../src/common/clock.js';
import { adminConsoleSuite, ZERO_UUID } from './helpers/admin-console.js';
import type { TelegramTestApp } from './helpers/fake-telegram.js';
import { expectBooksBalanced } from './helpers/feed.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { TEST_REDIS_URL } from './helpers/test-app.js';

jest.setTimeout(240_000);

describe('the admin API (the operator console)', () => {
  let t: TelegramTestApp;
  let admin: Player;
  let player: Player;
  const { adminTgId, as, audit } = adminConsoleSuite((up) => ({ t, admin, player } = up));

  describe('players', () => {
    it('finds a player by id or username and shows them in full', async () => {
      const found = await as(admin).get(`users/?q=${player.tgId}`).expect(200);
      expect(found.body[0]).toMatchObject({ tgId: player.tgId, isAdmin: false });
      const detail = (await as(admin).get(`users/${player.tgId}/`).expect(200)).body as AdminUserDto;
      expect(detail).toMatchObject({ tgId: player.tgId, adminByConfig: false, squad: null, ban: null });
      const ledger = await as(admin).get(`users/${player.tgId}/ledger/?pageSize=5`).expect(200);
      expect(ledger.body).toMatchObject({ page: 1, pageSize: 5, total: expect.any(Number) });
      expect(ledger.body.items[0]).toMatchObject({ kind: expect.any(String), reason: expect.any(String) });
      await as(admin).get(`users/${newTgId()}/`).expect(404);
      await as(admin).get('users/abc/').expect(404);
    });

    it('grants once per key, even sent 20 times at once, and pushes the balance to the player', async () => {
      const target = await newPlayer(t.server, t.config);
      const before = await me(t.server, target);
      const socket = await SocketRecorder.connect(t.server, target.token);
      try {
        const body = { kind: 'credits', amount: 7, reason: 'ticket 42: lost credits', key: 'ticket-42' };
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => as(admin).post(`users/${target.tgId}/grants/`, body)),
        );
        expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
        const results = answers.map((res) => res.body as AdminGrantResultDto);
        expect(results.filter((result) => result.applied)).toHaveLength(1);
        expect(new Set(results.map((result) => result.balances.generationLimit))).toEqual(
          new Set([before.generationLimit + 7]),
        );
        await socket.until('balance', (payload) => payload.generationLimit === before.generationLimit + 7);
      } finally {
        socket.close();
      }
      expect((await me(t.server, target)).generationLimit).toBe(before.generationLimit + 7);
      const rows = (await audit('user.grant')).filter((entry) => entry.target === String(target.tgId));
      expect(rows).toEqual([
        expect.objectContaining({
          actor: String(adminTgId),
          reason: 'ticket 42: lost credits',
          idempotencyKey: 'ticket-42',
          before: { credits: before.generationLimit },
          after: { credits: before.generationLimit + 7 },
        }),
      ]);

      // The key of that grant names no other grant.
      const other = await newPlayer(t.server, t.config);
      const reused = await as(admin)
        .post(`users/${other.tgId}/grants/`, {
          kind: 'credits',
          amount: 7,
          reason: 'again',
          key: 'ticket-42',
        })
        .expect(409);
      expect(reused.body.code).toBe('GRANT_KEY_USED');
      expect((await me(t.server, other)).generationLimit).toBe(before.generationLimit);
      await expectBooksBalanced(t);
    });

    it('takes with a negative amount, never below 0 (400, nothing changed), and checks its input', async () => {
      const target = await newPlayer(t.server, t.config);
      const { memeCoins } = await me(t.server, target);
      const grant = (body: object) => as(admin).post(`users/${target.tgId}/grants/`, body);
      await grant({ kind: 'coins', amount: 30, reason: 'gift', key: 'neg-1' }).expect(200);
      const taken = await grant({ kind: 'coins', amount: -20, reason: 'abuse', key: 'neg-2' }).expect(200);
      expect(taken.body.balances.memeCoins).toBe(memeCoins + 10);
      const refused = await grant({
        kind: 'coins',
        amount: -(memeCoins + 11),
        reason: 'too much',
        key: 'neg-3',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('BALANCE_BELOW_ZERO');
      expect((await me(t.server, target)).memeCoins).toBe(memeCoins + 10);
      for (const bad of [
        { kind: 'gold', amount: 1, reason: 'x', key: 'k' },
        { kind: 'coins', amount: 0, reason: 'x', key: 'k' },
        { kind: 'coins', amount: 1.5, reason: 'x', key: 'k' },
        { kind: 'coins', amount: 1, reason: ' ', key: 'k' },
        { kind: 'coins', amount: 1, reason: 'x', key: '' },
        { kind: 'coins', amount: 1, reason: 'x' },
      ])
        await grant(bad).expect(400);
      await as(admin)
        .post(`users/${newTgId()}/grants/`, { kind: 'coins', amount: 1, reason: 'x', key: 'nobody' })
        .expect(404);
      const revokes = await t.dataSource.query(
        `SELECT delta FROM ledger_entries WHERE user_id = $1 AND reason = 'revoke'`,
        [target.tgId],
      );
      expect(revokes).toEqual([{ delta: -20 }]);
    });

    it('switches the influencer and admin flags; an ADMIN_TG_IDS admin and oneself keep admin', async () => {
      const target = await newPlayer(t.server, t.config);
      const influencer = await as(admin).post(`users/${target.tgId}/influencer/`, { on: true }).expect(200);
      expect(influencer.body).toMatchObject({
        tgId: target.tgId,
        infl: true,
        squad: { id: expect.any(Number) },
      });
      expect((await me(t.server, target)).infl).toBe(true);
      await as(admin).post(`users/${target.tgId}/influencer/`, { on: false }).expect(200);
      expect((await me(t.server, target)).infl).toBe(false);

      await as(admin).post(`users/${target.tgId}/admin/`, { on: true, reason: 'new moderator' }).expect(200);
      expect((await me(t.server, target)).isAdmin).toBe(true);
      // The new admin cannot take the rights of ADMIN_TG_IDS nor their own.
      const configured = await as(target).post(`users/${adminTgId}/admin/`, { on: false }).expect(409);
      expect(configured.body.code).toBe('ADMIN_FROM_CONFIG');
      const own = await as(target).post(`users/${target.tgId}/admin/`, { on: false }).expect(409);
      expect(own.body.code).toBe('OWN_ADMIN');
      await as(admin).post(`users/${target.tgId}/admin/`, { on: false }).expect(200);
      await as(target).get('figures/').expect(403);
      expect((await audit('user.admin.revoke')).map((entry) => entry.target)).toContain(String(target.tgId));
      await as(admin).post(`users/${target.tgId}/admin/`, { on: 'yes' }).expect(400);
    });
  });

  describe('orders and the meme of the day', () => {
    it('refunds a paid order through the fake Bot API, once', async () => {
      const buyer = await newPlayer(t.server, t.config);
      const packs = (
        (await request(t.server).get('/api/v1/meme_tariff/').set(bearer(buyer)).expect(200))
          .body as PlanListDto<SwipePackDto>
      ).items;
      const invoice = (
        await request(t.server).get(`/api/v1/meme_tariff/${packs[0]!.id}/`).set(bearer(buyer)).expect(200)
      ).body as InvoiceDto;
      await t.telegram.pay(FakeBotApi.invoiceSlug(invoice.link), { id: buyer.tgId });
      const paid = await me(t.server, buyer);

      const orders = await as(admin).get('orders/?pageSize=100').expect(200);
      expect(orders.body.items).toContainEqual(
        expect.objectContaining({
          id: invoice.orderId,
          userId: buyer.tgId,
          status: 'paid',
          stars: packs[0]!.stars,
        }),
      );
      t.telegram.clearCalls();
      const refunded = await as(admin)
        .post(`orders/${invoice.orderId}/refund/`, { reason: 'asked' })
        .expect(200);
      expect(refunded.body).toMatchObject({ orderId: invoice.orderId, userId: buyer.tgId });
      expect(t.telegram.recordedCalls('refundStarPayment')).toHaveLength(1);
      expect((await me(t.server, buyer)).swipes).toBe(paid.swipes - packs[0]!.swipes);
      const again = await as(admin).post(`orders/${invoice.orderId}/refund/`).expect(409);
      expect(again.body.code).toBe('ORDER_NOT_REFUNDABLE');
      await as(admin).post(`orders/${ZERO_UUID}/refund/`).expect(404);
      expect((await audit('order.refund')).map((entry) => entry.target)).toContain(invoice.orderId);
      await expectBooksBalanced(t);
    });

    it('settles an ended day once (409 after), and today only with force', async () => {
      const day = addDays(utcDay(new Date()), -3);
      const state = await as(admin).get(`feed/${day}/`).expect(200);
      expect(state.body).toMatchObject({
        date: day,
        ended: true,
        settlement: null,
        votes: { count: 0, pool: 0 },
      });
      const settled = await as(admin).post(`feed/${day}/settle/`, { reason: 'missed' }).expect(200);
      expect(settled.body).toMatchObject({ day, settled: true });
      expect((await as(admin).get(`feed/${day}/`).expect(200)).body.settlement).toMatchObject({ votes: 0 });
      const twice = await as(admin).post(`feed/${day}/settle/`).expect(409);
      expect(twice.body.code).toBe('ALREADY_SETTLED');
      const today = utcDay(new Date());
      expect((await as(admin).post(`feed/${today}/settle/`).expect(409)).body.code).toBe('DAY_NOT_ENDED');
      await as(admin).get('feed/2026-13-40/').expect(404);
      expect((await audit('feed.settle')).filter((entry) => entry.target === day)).toHaveLength(1);
    });
  });

  it('the admin CLI runs the same operations, audited as `cli`', async () => {
    const target = await newPlayer(t.server, t.config);
    const out: string[] = [];
    const output: CommandOutput = { log: (line) => out.push(line), error: (line) => out.push(line) };
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: t.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
    };
    const args = [
      'grant',
      String(target.tgId),
      'coins',
      '9',
      '--key',
      'cli-7',
      '--reason',
      'from the terminal',
    ];
    expect(await runAdminCommand(args, env, output)).toBe(ExitCode.ok);
    expect(await runAdminCommand(args, env, output)).toBe(ExitCode.ok);
    expect(out.filter((line) => line.startsWith('Granted'))).toHaveLength(1);
    expect((await audit('user.grant')).filter((entry) => entry.idempotencyKey === 'cli-7')).toEqual([
      expect.objectContaining({ actor: 'cli', target: String(target.tgId), reason: 'from the terminal' }),
    ]);
    expect(await runAdminCommand(['influencer', String(target.tgId)], env, output)).toBe(ExitCode.ok);
    expect((await audit('user.influencer.on')).map((entry) => [entry.actor, entry.target])).toContainEqual([
      'cli',
      String(target.tgId),
    ]);
  });
});
