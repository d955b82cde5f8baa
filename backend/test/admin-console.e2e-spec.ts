import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type {
  AdminFiguresDto,
  AdminGrantResultDto,
  AdminTemplateDto,
  AdminUserDto,
  AuditEntryDto,
  InvoiceDto,
  Page,
  PlanListDto,
  SwipePackDto,
  TemplateDto,
} from '@mememint/contracts';
import { FakeBotApi } from '@mememint/fake-bot-api';
import request from 'supertest';

import { type CommandOutput, ExitCode } from '../src/admin/admin-command.js';
import { runAdminCommand } from '../src/admin/command-router.js';
import { addDays, utcDay } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import { expectBooksBalanced, seedMemes } from './helpers/feed.js';
import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import { bearer, me, newPlayer, photo, type Player, seedTemplate } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

jest.setTimeout(240_000);

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

describe('the admin API (the operator console)', () => {
  let t: TelegramTestApp;
  let worker: WorkerProcess;
  let admin: Player;
  let player: Player;
  const adminTgId = newTgId();

  beforeAll(async () => {
    t = await createTelegramTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    worker = await startInferenceWorker(t.config);
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
    player = await newPlayer(t.server, t.config);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const as = (who: Player) => ({
    get: (path: string) => request(t.server).get(`/api/v1/admin/${path}`).set(bearer(who)),
    post: (path: string, body: object = {}) =>
      request(t.server).post(`/api/v1/admin/${path}`).set(bearer(who)).send(body),
    patch: (path: string, body: object) =>
      request(t.server).patch(`/api/v1/admin/${path}`).set(bearer(who)).send(body),
    delete: (path: string) => request(t.server).delete(`/api/v1/admin/${path}`).set(bearer(who)),
  });
  const audit = async (action: string): Promise<AuditEntryDto[]> =>
    ((await as(admin).get(`audit/?action=${action}&pageSize=100`).expect(200)).body as Page<AuditEntryDto>)
      .items;

  it('refuses every admin route to a player (403 {detail}) and serves it to an admin', async () => {
    const template = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Route check' });
    const someone = await newPlayer(t.server, t.config);
    const yesterday = addDays(utcDay(new Date()), -1);
    const routes: [method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object][] = [
      ['get', 'templates/'],
      ['get', `templates/${template.id}/`],
      ['patch', `templates/${template.id}/`, { title: 'Renamed' }],
      ['post', `templates/${template.id}/disable/`],
      ['post', `templates/${template.id}/enable/`],
      ['delete', `templates/${template.id}/`],
      ['get', 'users/?q='],
      ['get', `users/${someone.tgId}/`],
      ['get', `users/${someone.tgId}/ledger/`],
      [
        'post',
        `users/${someone.tgId}/grants/`,
        { kind: 'coins', amount: 5, reason: 'route', key: 'route-1' },
      ],
      ['post', `users/${someone.tgId}/influencer/`, { on: true }],
      ['post', `users/${someone.tgId}/admin/`, { on: false }],
      ['get', 'orders/'],
      ['get', `feed/${yesterday}/`],
      ['post', `feed/${yesterday}/settle/`, {}],
      ['get', 'figures/?days=7'],
      ['get', 'audit/'],
    ];
    for (const [method, path, body] of routes) {
      const refused = await (method === 'get' || method === 'delete'
        ? as(player)[method](path)
        : as(player)[method](path, body ?? {}));
      expect([path, refused.status, refused.body]).toEqual([path, 403, { detail: expect.any(String) }]);
    }
    for (const [method, path, body] of routes) {
      const served = await (method === 'get' || method === 'delete'
        ? as(admin)[method](path)
        : as(admin)[method](path, body ?? {}));
      expect([path, served.status]).toEqual([path, expect.any(Number)]);
      expect(served.status).toBeGreaterThanOrEqual(200);
      expect(served.status).toBeLessThan(300);
    }
  });

  describe('templates', () => {
    const listed = async (who: Player) =>
      (
        (
          await request(t.server)
            .get('/api/v1/memes/generations/templates/?pageSize=100')
            .set(bearer(who))
            .expect(200)
        ).body as Page<TemplateDto>
      ).items.map((item) => item.id);

    it('stores an upload disabled with its faces; enabling lists it to players, disabling takes it off', async () => {
      const upload = await request(t.server)
        .post('/api/v1/memes/generations/templates/')
        .set(bearer(admin))
        .field('title', 'Team')
        .attach('image', photo('group-06.jpg'), 'template.jpg')
        .expect(201);
      const id = (upload.body as TemplateDto).id;
      expect((upload.body as TemplateDto).faces.length).toBeGreaterThan(1);
      expect(await listed(player)).not.toContain(id);

      const page = (await as(admin).get('templates/?pageSize=100').expect(200))
        .body as Page<AdminTemplateDto>;
      expect(page.items.find((item) => item.id === id)).toMatchObject({
        enabled: false,
        faces: (upload.body as TemplateDto).faces,
        generations: 0,
        memes: 0,
      });

      expect((await as(admin).post(`templates/${id}/enable/`).expect(200)).body).toMatchObject({
        enabled: true,
      });
      expect(await listed(player)).toContain(id);
      const edited = await as(admin)
        .patch(`templates/${id}/`, {
          title: 'Squad',
          titles: { ru: 'Отряд' },
          caption: 'Us on Friday',
          captions: { ru: 'Мы в пятницу' },
          tags: ['group'],
          isPremium: true,
        })
        .expect(200);
      expect(edited.body).toMatchObject({
        title: 'Squad',
        titles: { ru: 'Отряд' },
        caption: 'Us on Friday',
        captions: { ru: 'Мы в пятницу' },
        tags: ['group'],
        isPremium: true,
      });
      // A blank Russian caption removes it (Russian players get the English one then).
      const cleared = await as(admin)
        .patch(`templates/${id}/`, { captions: { ru: ' ' } })
        .expect(200);
      expect(cleared.body).toMatchObject({ caption: 'Us on Friday', captions: {} });
      await as(admin).patch(`templates/${id}/`, { gender: 'robot' }).expect(400);

      await as(admin).post(`templates/${id}/disable/`).expect(200);
      expect(await listed(player)).not.toContain(id);
      const actions = (await audit('template.disable')).filter((entry) => entry.target === id);
      expect(actions).toEqual([
        expect.objectContaining({
          actor: String(adminTgId),
          before: expect.objectContaining({ enabled: true }),
          after: expect.objectContaining({ enabled: false }),
        }),
      ]);
    });

    it('deletes only an unused template (409 otherwise) and answers 404 for an unknown one', async () => {
      const used = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Used' });
      const [meme] = await seedMemes(t, player, 1, { publish: false });
      await t.dataSource.query('UPDATE memes SET template_id = $1 WHERE id = $2', [used.id, meme!.id]);
      const refused = await as(admin).delete(`templates/${used.id}/`).expect(409);
      expect(refused.body).toEqual({ detail: expect.any(String), code: 'TEMPLATE_IN_USE' });
      expect((await as(admin).get(`templates/${used.id}/`).expect(200)).body).toMatchObject({ memes: 1 });

      const unused = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Unused' });
      await as(admin).delete(`templates/${unused.id}/`).expect(204);
      await as(admin).get(`templates/${unused.id}/`).expect(404);
      await as(admin).delete(`templates/${ZERO_UUID}/`).expect(404);
      await as(admin).post('templates/not-a-uuid/enable/').expect(404);
    });
  });

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

describe('the figures', () => {
  let t: TestApp;
  let admin: Player;
  const adminTgId = newTgId();
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  });
  afterAll(() => t?.close());

  it('equal, day by day over a seeded fortnight, what the ledger and the tables say', async () => {
    const ledger = t.app.get(LedgerService);
    const players = await Promise.all(Array.from({ length: 3 }, () => newPlayer(t.server, t.config)));
    const [author] = players;
    // Two memes a day to swipe (a player swipes a meme once).
    const memes = await seedMemes(t, author!, 28);
    for (const p of players)
      await ledger.apply(p.tgId, [{ kind: 'swipes', delta: 50 }], {
        reason: 'admin-grant',
        idempotencyKey: 'seed',
      });
    const [plan] = (await t.dataSource.query(`SELECT id, kind FROM plans ORDER BY id LIMIT 1`)) as {
      id: number;
      kind: string;
    }[];
    const today = utcDay(new Date());
    const expected = new Map<string, Record<string, number>>();
    for (let back = 14; back >= 1; back--) {
      const day = addDays(today, -back);
      const at = `${day}T12:00:00Z`;
      const n = 15 - back; // 1..14: each day's figures differ
      const keys: string[] = [];
      const write = async (
        userId: number,
        kind: 'coins' | 'credits' | 'swipes',
        delta: number,
        reason: string,
      ) => {
        const key = `seed:${day}:${keys.length}`;
        keys.push(key);
        if (reason === 'quest')
          await ledger.earnCoins(userId, delta, { reason: 'quest', idempotencyKey: key });
        else await ledger.apply(userId, [{ kind, delta }], { reason: reason as 'vote', idempotencyKey: key });
      };
      for (const p of players) {
        await write(p.tgId, 'coins', n, 'quest');
        await write(p.tgId, 'coins', -1, 'vote');
        await write(p.tgId, 'swipes', -1, 'swipe');
      }
      await write(players[1]!.tgId, 'coins', 1, 'stake-refund');
      await write(players[2]!.tgId, 'credits', 1, 'generation-refund');
      await t.dataSource.query(`UPDATE ledger_entries SET created_at = $1 WHERE idempotency_key = ANY($2)`, [
        at,
        keys,
      ]);
      // Players who joined that day, and who came: the author and day-old players.
      for (let i = 0; i < n % 3; i++) {
        const joined = await newPlayer(t.server, t.config);
        await t.dataSource.query(`UPDATE users SET created_at = $1 WHERE tg_id = $2`, [at, joined.tgId]);
      }
      for (const p of players.slice(0, 1 + (n % 3)))
        await t.dataSource.query(`INSERT INTO player_visit_days (user_id, day) VALUES ($1, $2)`, [
          p.tgId,
          day,
        ]);
      // Generations done and failed, liked swipes, a paid and a refunded order.
      for (const status of ['done', 'done', 'failed'])
        await t.dataSource.query(
          `INSERT INTO generations (id, user_id, face_key, target_key, status, cost, created_at)
           VALUES (gen_random_uuid(), $1, 'f', 't', $2, 1, $3)`,
          [author!.tgId, status, at],
        );
      await t.dataSource.query(
        `INSERT INTO swipes (user_id, meme_id, liked, created_at) VALUES ($1, $2, true, $4), ($1, $3, $5, $4)`,
        [players[1]!.tgId, memes[2 * n - 2]!.id, memes[2 * n - 1]!.id, at, n % 2 === 0],
      );
      await t.dataSource.query(
        `INSERT INTO orders (id, user_id, plan_id, kind, stars, grants, status, invoice_link, created_at, paid_at, refunded_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, '{}', 'paid', 'x', $5, $5, NULL),
                (gen_random_uuid(), $1, $2, $3, 5, '{}', 'refunded', 'x', $5, $5, $5)`,
        [author!.tgId, plan!.id, plan!.kind, 10 * n, at],
      );
      expected.set(day, {
        newPlayers: n % 3,
        activePlayers: 1 + (n % 3),
        generationsDone: 2,
        generationsFailed: 1,
        generationsRefunded: 1,
        swipes: 3,
        likes: n % 2 === 0 ? 2 : 1,
        betsPlaced: 3,
        betsStaked: 3,
        betsReturned: 1,
        betsReturnedCoins: 1,
        starsPaid: 10 * n + 5,
        starsRefunded: 5,
        coinsEarned: 3 * n,
        coinsSpent: 3,
      });
    }
    const figures = (
      await request(t.server).get('/api/v1/admin/figures/?days=15').set(bearer(admin)).expect(200)
    ).body as AdminFiguresDto;
    expect(figures.days).toHaveLength(15);
    expect(figures.days.at(-1)!.day).toBe(today);
    for (const day of figures.days.slice(0, 14))
      expect(day).toEqual({ day: day.day, ...expected.get(day.day) });

    // And what the ledger says, summed independently of the figures' queries.
    const [sums] = (await t.dataSource.query(
      `SELECT COALESCE(sum(delta) FILTER (WHERE earned), 0)::integer AS earned,
              COALESCE(-sum(delta) FILTER (WHERE delta < 0), 0)::integer AS spent
         FROM ledger_entries WHERE kind = 'coins' AND created_at < $1::date AND created_at >= $1::date - 14`,
      [today],
    )) as { earned: number; spent: number }[];
    const total = (name: 'coinsEarned' | 'coinsSpent') =>
      figures.days.slice(0, 14).reduce((sum, day) => sum + day[name], 0);
    expect({ earned: total('coinsEarned'), spent: total('coinsSpent') }).toEqual(sums);
    expect(figures.queues.map((queue) => queue.name).sort()).toEqual([
      'caption',
      'feed',
      'generation',
      'stickers',
    ]);
    await expectBooksBalanced(t);
  });

  it('checks its window', async () => {
    for (const days of ['0', '91', 'x'])
      await request(t.server).get(`/api/v1/admin/figures/?days=${days}`).set(bearer(admin)).expect(400);
  });
});
