import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AuditEntryDto,
  type BanDto,
  ErrorCode,
  ErrorText,
  type FeedItemDto,
  type MemeDto,
  type Page,
} from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { expectBooksBalanced, seedMemes, swipe } from './helpers/feed.js';
import { bearer, me, newPlayer, photo, type Player } from './helpers/memes.js';
import { initDataFor, newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const adminTgId = newTgId();
const DAY_MS = 86_400_000;

describe('bans', () => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId), SWIPE_MIN_INTERVAL_MS: '0' } });
    await t.app.listen(0, '127.0.0.1');
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  });
  afterAll(async () => {
    await t.close();
  });

  const ban = (tgId: number, body: object) =>
    request(t.server).post(`/api/v1/admin/users/${tgId}/ban/`).set(bearer(admin)).send(body);
  const unban = (tgId: number) =>
    request(t.server)
      .post(`/api/v1/admin/users/${tgId}/unban/`)
      .set(bearer(admin))
      .send({ reason: 'appeal' });

  async function visibility(viewer: Player, meme: MemeDto) {
    const feed = (
      await request(t.server).get('/api/v1/feed/?period=all&pageSize=100').set(bearer(viewer)).expect(200)
    ).body as Page<FeedItemDto>;
    const deck = (await request(t.server).get('/api/v1/swipes/?limit=50').set(bearer(viewer)).expect(200))
      .body as { items: FeedItemDto[] };
    return {
      inFeed: feed.items.some((item) => item.id === meme.id),
      inDeck: deck.items.some((item) => item.id === meme.id),
      share: (await request(t.server).get(`/api/v1/memes/share/${meme.shareId}/`)).status,
      page: (await request(t.server).get(`/i/${meme.shareId}`)).status,
    };
  }

  it('refuses every write of a banned player with 403 BANNED and until, keeps reads open, and hides their memes', async () => {
    const banned = await newPlayer(t.server, t.config);
    await t.app.get(LedgerService).addCoins(banned.tgId, 100, { reason: 'purchase' });
    const [published] = await seedMemes(t, banned, 1);
    const [draft] = await seedMemes(t, banned, 1, { publish: false });
    const other = await newPlayer(t.server, t.config);
    const [othersMeme] = await seedMemes(t, other, 1);
    const viewer = await newPlayer(t.server, t.config);
    expect(await visibility(viewer, published!)).toEqual({
      inFeed: true,
      inDeck: true,
      share: 200,
      page: 200,
    });

    const before = Date.now();
    const given = (await ban(banned.tgId, { reason: 'harassment', days: 2 }).expect(200)).body as BanDto;
    expect(given).toMatchObject({ tgId: banned.tgId, reason: 'harassment' });
    const until = Date.parse(given.until!);
    expect(until).toBeGreaterThanOrEqual(before + 2 * DAY_MS - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS + 5_000);
    const refusal = { detail: ErrorText.banned, code: ErrorCode.banned, until: given.until };

    const balances = await me(t.server, banned);
    const [pack] = (
      (await request(t.server).get('/api/v1/tariff/').set(bearer(banned)).expect(200)).body as {
        items: { id: number }[];
      }
    ).items;
    const writes = [
      request(t.server).patch(`/api/v1/memes/${draft!.id}/`).set(bearer(banned)).send({ isPublished: true }),
      request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(banned))
        .attach('image', photo('portrait-01.jpg'), 'a.jpg'),
      request(t.server).post(`/api/v1/feed/${othersMeme!.id}/`).set(bearer(banned)).send({ amount: 10 }),
      request(t.server).post('/api/v1/memes/generations/').set(bearer(banned)).field('templateId', draft!.id),
      request(t.server)
        .put('/api/v1/users/face/')
        .set(bearer(banned))
        .attach('photo', photo('portrait-01.jpg'), 'a.jpg'),
      request(t.server).get(`/api/v1/tariff/${pack!.id}/`).set(bearer(banned)),
      request(t.server)
        .post(`/api/v1/memes/${othersMeme!.id}/report/`)
        .set(bearer(banned))
        .send({ reason: 'spam' }),
      swipe(t.server, banned, othersMeme!.id),
    ];
    for (const res of await Promise.all(writes)) expect([res.status, res.body]).toEqual([403, refusal]);

    // Nothing was spent or written, and login, /me and reads still work.
    expect(await me(t.server, banned)).toMatchObject({
      memeCoins: balances.memeCoins,
      swipes: balances.swipes,
      generationLimit: balances.generationLimit,
      swipedCount: 0,
    });
    await request(t.server)
      .post('/api/v1/auth/login/')
      .send({ initData: initDataFor(t.config, { id: banned.tgId }) })
      .expect(200);
    await request(t.server).get('/api/v1/feed/').set(bearer(banned)).expect(200);
    await request(t.server).get('/api/v1/memes/').set(bearer(banned)).expect(200);
    expect(await visibility(viewer, published!)).toEqual({
      inFeed: false,
      inDeck: false,
      share: 404,
      page: 404,
    });
    expect((await swipe(t.server, viewer, published!.id).expect(404)).body).toEqual({
      detail: ErrorText.memeNotFound,
    });

    await unban(banned.tgId).expect(200);
    expect(await visibility(viewer, published!)).toEqual({
      inFeed: true,
      inDeck: true,
      share: 200,
      page: 200,
    });
    await swipe(t.server, banned, othersMeme!.id).expect(200);
    await unban(banned.tgId).expect(404);

    const audit = (await request(t.server).get('/api/v1/admin/audit/').set(bearer(admin)).expect(200))
      .body as Page<AuditEntryDto>;
    expect(
      audit.items
        .filter((entry) => entry.target === String(banned.tgId))
        .map((entry) => [entry.action, entry.reason]),
    ).toEqual([
      ['user.unban', 'appeal'],
      ['user.ban', 'harassment'],
    ]);
    await expectBooksBalanced(t);
  });

  it('bans until lifted without days, and a ban that has ended binds nothing', async () => {
    const player = await newPlayer(t.server, t.config);
    const [draft] = await seedMemes(t, player, 1, { publish: false });
    const given = (await ban(player.tgId, { reason: 'spam' }).expect(200)).body as BanDto;
    expect(given.until).toBeNull();
    const res = await request(t.server)
      .patch(`/api/v1/memes/${draft!.id}/`)
      .set(bearer(player))
      .send({ isPublished: true });
    expect([res.status, res.body]).toEqual([
      403,
      { detail: ErrorText.banned, code: ErrorCode.banned, until: null },
    ]);

    await t.dataSource.query(`UPDATE player_bans SET until = now() - interval '1 second' WHERE tg_id = $1`, [
      player.tgId,
    ]);
    await request(t.server)
      .patch(`/api/v1/memes/${draft!.id}/`)
      .set(bearer(player))
      .send({ isPublished: true })
      .expect(200);
  });

  it('cannot ban an admin, checks its input, and bans a Telegram id that has no account', async () => {
    expect((await ban(adminTgId, { reason: 'x' }).expect(409)).body).toEqual({
      detail: ErrorText.adminNotBannable,
      code: ErrorCode.adminNotBannable,
    });
    await ban(newTgId(), {}).expect(400);
    await ban(newTgId(), { reason: 'x', days: 0 }).expect(400);
    await ban(newTgId(), { reason: 'x', days: 1.5 }).expect(400);
    await request(t.server)
      .post('/api/v1/admin/users/abc/ban/')
      .set(bearer(admin))
      .send({ reason: 'x' })
      .expect(404);

    const stranger = newTgId();
    await ban(stranger, { reason: 'known scammer', days: 30 }).expect(200);
    const joined = await newPlayer(t.server, t.config, { tgId: stranger });
    const res = await request(t.server)
      .post('/api/v1/memes/')
      .set(bearer(joined))
      .attach('image', photo('portrait-01.jpg'), 'a.jpg');
    expect([res.status, res.body.code]).toEqual([403, ErrorCode.banned]);
  });
});
