import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorText, USER_DTO_KEYS } from '@mememint/contracts';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';

import { UsersService } from '../src/users/users.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createTestDatabase } from './helpers/test-database.js';
import { initDataFor, loginAs, newTgId } from './helpers/telegram-login.js';

describe('login with Telegram init data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (initData: string) => request(t.server).post('/api/v1/auth/login/').send({ initData });

  it('logs a new user in and /me shows exactly the spec keys with their defaults', async () => {
    const tgId = newTgId();
    const tokens = await loginAs(t.server, t.config, {
      id: tgId,
      first_name: 'Ivan',
      last_name: 'Petrov',
      username: 'ivan_p',
      language_code: 'ru-RU',
      is_premium: true,
      photo_url: 'https://t.me/i/userpic/320/ivan.svg',
    });
    expect(Object.keys(tokens).sort()).toEqual(['jwtToken', 'refreshToken']);

    const me = await request(t.server)
      .get('/api/v1/auth/me/')
      .set('Authorization', `Bearer ${tokens.jwtToken}`)
      .expect(200);
    expect(Object.keys(me.body).sort()).toEqual([...USER_DTO_KEYS].sort());
    expect(me.body).toMatchObject({
      tgId,
      isBot: false,
      isAdmin: false,
      isPremium: true,
      isOnboardingDone: false,
      referalId: null,
      hasTon: false,
      username: 'ivan_p',
      firstName: 'Ivan',
      lastName: 'Petrov',
      languageCode: 'ru',
      photoUrl: 'https://t.me/i/userpic/320/ivan.svg',
      generationLimit: 3,
      memeCoins: 0,
      tasksCount: 0,
      generationsCount: 0,
      invitedCount: 0,
      friendsGenerated: 0,
      referalCoins: 0,
      infl: false,
      referralSpending: 0,
      refInfl: null,
      boostEnds: null,
      swipes: 60,
      swipedCount: 0,
      swipedGiftCount: 0,
    });
    expect(new Date(me.body.createdAt).toISOString()).toBe(me.body.createdAt);
  });

  it('updates the profile on a later login without touching game state', async () => {
    const tgId = newTgId();
    await loginAs(t.server, t.config, { id: tgId, username: 'before', language_code: 'de' });
    const again = await loginAs(t.server, t.config, { id: tgId, username: 'after', language_code: 'ru' });
    const me = await request(t.server)
      .get('/api/v1/auth/me/')
      .set('Authorization', `Bearer ${again.jwtToken}`);
    expect(me.body).toMatchObject({
      tgId,
      username: 'after',
      languageCode: 'ru',
      generationLimit: 3,
      swipes: 60,
    });
  });

  it('answers English for languages other than Russian', async () => {
    const tgId = newTgId();
    const tokens = await loginAs(t.server, t.config, { id: tgId, language_code: 'uk' });
    const me = await request(t.server)
      .get('/api/v1/auth/me/')
      .set('Authorization', `Bearer ${tokens.jwtToken}`);
    expect(me.body.languageCode).toBe('en');
  });

  it('refuses a forged hash with 401 and creates nobody', async () => {
    const tgId = newTgId();
    const forged = initDataFor(t.config, { id: tgId }, { botToken: '999:someone-elses-token' });
    const res = await login(forged).expect(401);
    expect(res.body.detail).toMatch(/signature/i);

    const tampered = initDataFor(t.config, { id: tgId }).replace('query_id=AAH', 'query_id=BAH');
    expect((await login(tampered).expect(401)).body.detail).toMatch(/signature/i);

    const users = await t.dataSource.query('SELECT 1 FROM users WHERE tg_id = $1', [tgId]);
    expect(users).toHaveLength(0);
  });

  it('refuses init data older than the configured maximum age', async () => {
    const stale = Math.floor(Date.now() / 1000) - t.config.auth.authDateMaxAgeSeconds - 5;
    const res = await login(initDataFor(t.config, { id: newTgId() }, { authDate: stale })).expect(401);
    expect(res.body.detail).toMatch(/too old/i);
  });

  it('refuses an auth_date in the future beyond the clock-skew allowance', async () => {
    const future = Math.floor(Date.now() / 1000) + t.config.auth.authDateFutureSkewSeconds + 120;
    const res = await login(initDataFor(t.config, { id: newTgId() }, { authDate: future })).expect(401);
    expect(res.body.detail).toMatch(/future/i);
  });

  it('refuses malformed init data with 401 and a missing field with 400', async () => {
    for (const initData of ['garbage', 'user=%7B&hash=zz', 'auth_date=1&hash=' + 'a'.repeat(64)]) {
      const res = await login(initData).expect(401);
      expect(typeof res.body.detail).toBe('string');
    }
    const res = await request(t.server).post('/api/v1/auth/login/').send({}).expect(400);
    expect(typeof res.body.detail).toBe('string');
  });

  it('makes ADMIN_TG_IDS admins at login', async () => {
    const adminId = newTgId();
    const other = newTgId();
    const admins = await createTestApp({ env: { ADMIN_TG_IDS: `${adminId}, 42` } });
    try {
      for (const [id, isAdmin] of [
        [adminId, true],
        [other, false],
      ] as const) {
        const tokens = await loginAs(admins.server, admins.config, { id });
        const me = await request(admins.server)
          .get('/api/v1/auth/me/')
          .set('Authorization', `Bearer ${tokens.jwtToken}`)
          .expect(200);
        expect(me.body.isAdmin).toBe(isAdmin);
      }
    } finally {
      await admins.close();
    }
  });
  it('ADMIN_TG_IDS is the source of truth: a config admin no longer listed loses admin at the next login, a granted one keeps it', async () => {
    const listed = newTgId();
    const listedAndGranted = newTgId();
    const granted = newTgId();
    const isAdmin = async (app: TestApp, id: number) => {
      const tokens = await loginAs(app.server, app.config, { id });
      const me = await request(app.server)
        .get('/api/v1/auth/me/')
        .set('Authorization', `Bearer ${tokens.jwtToken}`)
        .expect(200);
      return me.body.isAdmin as boolean;
    };
    const database = await createTestDatabase();
    const before = await createTestApp({ database, env: { ADMIN_TG_IDS: `${listed},${listedAndGranted}` } });
    try {
      expect([await isAdmin(before, listed), await isAdmin(before, listedAndGranted)]).toEqual([true, true]);
      expect(await isAdmin(before, granted)).toBe(false);
      const users = before.app.get(UsersService);
      expect([await users.grantAdmin(listedAndGranted), await users.grantAdmin(granted)]).toEqual([
        true,
        true,
      ]);
      expect(await isAdmin(before, granted)).toBe(true);
    } finally {
      await before.close();
    }
    // The same database, the list emptied (a redeploy with another ADMIN_TG_IDS).
    const after = await createTestApp({ database });
    try {
      expect(await isAdmin(after, listed)).toBe(false);
      expect(await isAdmin(after, listedAndGranted)).toBe(true);
      expect(await isAdmin(after, granted)).toBe(true);
      const rows = await after.dataSource.query(
        'SELECT tg_id, is_admin, admin_by_config, admin_by_command FROM users WHERE tg_id = ANY($1) ORDER BY tg_id',
        [[listed, listedAndGranted, granted]],
      );
      expect(rows).toEqual([
        { tg_id: String(listed), is_admin: false, admin_by_config: false, admin_by_command: false },
        { tg_id: String(listedAndGranted), is_admin: true, admin_by_config: false, admin_by_command: true },
        { tg_id: String(granted), is_admin: true, admin_by_config: false, admin_by_command: true },
      ]);
    } finally {
      await after.close();
      await database.drop();
    }
  });
});

describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = () => request(t.server).get('/api/v1/auth/me/');

  it('answers 401 without a token, with garbage, another scheme or a foreign signature', async () => {
    expect((await me().expect(401)).body.detail).toEqual(expect.any(String));
    await me().set('Authorization', 'Bearer not.a.jwt').expect(401);
    await me().set('Authorization', 'Basic dXNlcjpwYXNz').expect(401);

    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    const [header, payload] = tokens.jwtToken.split('.');
    await me()
      .set('Authorization', `Bearer ${header}.${payload}.${'A'.repeat(43)}`)
      .expect(401);
    await me().set('Authorization', `Bearer ${tokens.jwtToken}`).expect(200);
  });

  it('answers 401 (not the refresh hint) for an expired token of a live session', async () => {
    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    const jwt = t.app.get(JwtService);
    const claims = jwt.decode<{ sub: string; sid: string }>(tokens.jwtToken);
    const expired = jwt.sign({ sub: claims.sub, sid: claims.sid, exp: Math.floor(Date.now() / 1000) - 5 });
    const res = await me().set('Authorization', `Bearer ${expired}`).expect(401);
    expect(res.body.detail).not.toBe(ErrorText.refreshTokens);
  });
});
