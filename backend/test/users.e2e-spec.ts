import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USER_DTO_KEYS } from '@mememint/contracts';
import request from 'supertest';

import { createTestApp, type TestApp } from './helpers/test-app.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';

/** Strong secrets and a public address: what production asks for before it starts. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: '42:production-token',
  TELEGRAM_WEBHOOK_SECRET: 'production-hook-secret',
  JWT_SECRET: 'production-secret-of-at-least-32-bytes',
  TON_PROOF_SECRET: 'production-ton-proof-secret-of-32-characters',
  PUBLIC_URL: 'https://mememint.app',
};

describe('users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const meOf = async (jwt: string) =>
    (await request(t.server).get('/api/v1/auth/me/').set('Authorization', `Bearer ${jwt}`).expect(200)).body;

  it('GET /users/unboarding-finish/ marks onboarding done and returns the user', async () => {
    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    expect((await meOf(tokens.jwtToken)).isOnboardingDone).toBe(false);
    const res = await request(t.server)
      .get('/api/v1/users/unboarding-finish/')
      .set('Authorization', `Bearer ${tokens.jwtToken}`)
      .expect(200);
    expect(Object.keys(res.body).sort()).toEqual([...USER_DTO_KEYS].sort());
    expect(res.body.isOnboardingDone).toBe(true);
    expect((await meOf(tokens.jwtToken)).isOnboardingDone).toBe(true);
  });

  it('needs a token for onboarding', async () => {
    await request(t.server).get('/api/v1/users/unboarding-finish/').expect(401);
  });

  describe('referrals', () => {
    it('a new user with ref_<inviter> gets referalId and the inviter invitedCount + 1', async () => {
      const inviterId = newTgId();
      const inviter = await loginAs(t.server, t.config, { id: inviterId });
      const friendId = newTgId();
      const friend = await loginAs(t.server, t.config, { id: friendId }, { startParam: `ref_${inviterId}` });
      expect((await meOf(friend.jwtToken)).referalId).toBe(inviterId);
      expect((await meOf(inviter.jwtToken)).invitedCount).toBe(1);

      // Logging in again with the link counts nothing twice.
      await loginAs(t.server, t.config, { id: friendId }, { startParam: `ref_${inviterId}` });
      expect((await meOf(inviter.jwtToken)).invitedCount).toBe(1);
    });

    it('an existing user is not referred', async () => {
      const inviterId = newTgId();
      const inviter = await loginAs(t.server, t.config, { id: inviterId });
      const existingId = newTgId();
      await loginAs(t.server, t.config, { id: existingId });
      const later = await loginAs(t.server, t.config, { id: existingId }, { startParam: `ref_${inviterId}` });
      expect((await meOf(later.jwtToken)).referalId).toBeNull();
      expect((await meOf(inviter.jwtToken)).invitedCount).toBe(0);
    });

    it('self-referral, unknown inviters and other start params are ignored', async () => {
      const selfId = newTgId();
      const self = await loginAs(t.server, t.config, { id: selfId }, { startParam: `ref_${selfId}` });
      expect(await meOf(self.jwtToken)).toMatchObject({ referalId: null, invitedCount: 0 });

      const unknown = await loginAs(
        t.server,
        t.config,
        { id: newTgId() },
        { startParam: `ref_${newTgId()}` },
      );
      expect((await meOf(unknown.jwtToken)).referalId).toBeNull();

      const inviterId = newTgId();
      await loginAs(t.server, t.config, { id: inviterId });
      for (const startParam of [`ref_${inviterId}x`, `promo_${inviterId}`, 'ref_', `ref_0${inviterId}`]) {
        const other = await loginAs(t.server, t.config, { id: newTgId() }, { startParam });
        expect((await meOf(other.jwtToken)).referalId).toBeNull();
      }
    });

    it('parallel first logins of one friend count the referral once', async () => {
      const inviterId = newTgId();
      const inviter = await loginAs(t.server, t.config, { id: inviterId });
      const friendId = newTgId();
      await Promise.all(
        Array.from({ length: 10 }, () =>
          loginAs(t.server, t.config, { id: friendId }, { startParam: `ref_${inviterId}` }),
        ),
      );
      expect((await meOf(inviter.jwtToken)).invitedCount).toBe(1);
      const ledger = await t.dataSource.query('SELECT kind, delta FROM ledger_entries WHERE user_id = $1', [
        friendId,
      ]);
      expect(ledger).toHaveLength(2);
    });
  });
});

describe('development login', () => {
  it('with DEV_LOGIN=1, signs init data for a made-up user that logs in', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development', DEV_LOGIN: '1' } });
    try {
      const tgId = newTgId();
      const dev = await request(t.server)
        .post('/api/v1/auth/dev/init-data/')
        .send({ tgId, username: 'browser_dev', languageCode: 'ru' })
        .expect(200);
      expect(Object.keys(dev.body)).toEqual(['initData']);
      const login = await request(t.server).post('/api/v1/auth/login/').send(dev.body).expect(200);
      const me = await request(t.server)
        .get('/api/v1/auth/me/')
        .set('Authorization', `Bearer ${login.body.jwtToken}`)
        .expect(200);
      expect(me.body).toMatchObject({ tgId, username: 'browser_dev', languageCode: 'ru' });

      const docs = await request(t.server).get('/api/docs-json').expect(200);
      expect(Object.keys(docs.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/auth/login',
          '/api/v1/auth/refresh-token',
          '/api/v1/auth/me',
          '/api/v1/auth/dev/init-data',
          '/api/v1/users/unboarding-finish',
        ]),
      );

      await request(t.server).post('/api/v1/auth/dev/init-data/').send({ tgId: -1 }).expect(400);
      await request(t.server).post('/api/v1/auth/dev/init-data/').send({ admin: true }).expect(400);
    } finally {
      await t.close();
    }
  });

  it('does not exist in development without DEV_LOGIN=1 (NODE_ENV alone opens nothing)', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      await request(t.server).post('/api/v1/auth/dev/init-data/').send({}).expect(404);
      const docs = await request(t.server).get('/api/docs-json').expect(200);
      expect(Object.keys(docs.body.paths).filter((path) => path.includes('/dev/'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('tells the mock Telegram client where the fake Bot API is, only with the development login', async () => {
    const fake = await createTestApp({
      env: { NODE_ENV: 'development', DEV_LOGIN: '1', TELEGRAM_API_URL: 'http://127.0.0.1:9/' },
    });
    try {
      const res = await request(fake.server).get('/api/v1/auth/dev/telegram/').expect(200);
      expect(res.body).toEqual({ fakeBotApiUrl: 'http://127.0.0.1:9' });
    } finally {
      await fake.close();
    }
    // A real bot token cannot have the development login (the config refuses DEV_LOGIN=1 with it).
    const real = await createTestApp({
      env: {
        NODE_ENV: 'development',
        TELEGRAM_BOT_TOKEN: '42:a-real-token',
        TELEGRAM_WEBHOOK_SECRET: 'a-hook-secret',
      },
    });
    try {
      await request(real.server).get('/api/v1/auth/dev/telegram/').expect(404);
    } finally {
      await real.close();
    }
  });

  it('does not exist in production, where the API docs are off unless API_DOCS=1', async () => {
    const t = await createTestApp({
      env: PRODUCTION_ENV,
    });
    try {
      const res = await request(t.server).post('/api/v1/auth/dev/init-data/').send({}).expect(404);
      expect(typeof res.body.detail).toBe('string');
      await request(t.server).get('/api/v1/auth/dev/telegram/').expect(404);
      // The real login is there; the OpenAPI page and document are not.
      await request(t.server).post('/api/v1/auth/login/').send({ initData: 'x' }).expect(401);
      for (const path of ['/api/docs', '/api/docs-json', '/api/docs/swagger-ui-init.js'])
        await request(t.server).get(path).expect(404);
    } finally {
      await t.close();
    }
  });

  it('in production with API_DOCS=1, the OpenAPI document is served without the dev route', async () => {
    const t = await createTestApp({
      env: { ...PRODUCTION_ENV, API_DOCS: '1' },
    });
    try {
      const docs = await request(t.server).get('/api/docs-json').expect(200);
      const authPaths = Object.keys(docs.body.paths).filter((path) => path.includes('/auth/'));
      expect(authPaths).toContain('/api/v1/auth/login');
      expect(authPaths.filter((path) => path.includes('/dev/'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
