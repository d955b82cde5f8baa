import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const UNAVAILABLE = {
  detail: 'The service is unavailable right now, please try again in a moment',
  code: 'SERVICE_UNAVAILABLE',
  retryAfter: 5,
};

/**
 * PostgreSQL goes away under traffic (the app reaches it through a proxy the test cuts: its pooled
 * connections drop mid-query and new ones are refused) and comes back: requests answer 503
 * `{detail, code, retryAfter}`, never 500, and work again with no restart.
 */
describe('a PostgreSQL outage under traffic', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let player: Player;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = await startTcpProxy(Number(url.port || 5432), url.hostname);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await createTestApp({ database, env: { DATABASE_URL: url.href, DATABASE_POOL_SIZE: '4' } });
    player = await newPlayer(t.server, t.config);
  });
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
    await database.drop();
  });

  const readMe = () => request(t.server).get('/api/v1/auth/me/').set(bearer(player));

  it('answers 503 SERVICE_UNAVAILABLE while it is away and 200 again once it is back', async () => {
    await readMe().expect(200);
    // Requests in flight when the connections drop, and more after: none may be a 500.
    const during = Array.from({ length: 12 }, () => readMe());
    await proxy.cut();
    const answers = await Promise.all(during);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.body).toEqual(UNAVAILABLE);
    }
    for (let i = 0; i < 5; i++) {
      const away = await readMe().expect(503);
      expect(away.body).toEqual(UNAVAILABLE);
      expect(away.headers['retry-after']).toBe('5');
    }

    await proxy.restore();
    // The pool makes new connections by itself: no restart.
    let status = 503;
    while (status === 503) status = (await readMe()).status;
    expect(status).toBe(200);
  });
});
