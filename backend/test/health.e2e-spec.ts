import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with both dependencies up', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('answers on the trailing-slash path too', async () => {
    await request(t.server).get('/api/health/').expect(200);
  });

  it('answers 503 naming Redis while Redis is unreachable, and 200 again once it is back', async () => {
    const redis = new URL(TEST_REDIS_URL);
    const proxy = await startTcpProxy(Number(redis.port || 6379), redis.hostname);
    const app = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
    try {
      await request(app.server).get('/api/health').expect(200);
      await proxy.cut();
      const res = await request(app.server).get('/api/health').expect(503);
      expect(res.body).toEqual({ detail: 'Service unavailable', database: 'up', redis: 'down' });
      await proxy.restore();
      // ioredis reconnects on its own retry schedule; the app needs no restart.
      let status = 503;
      while (status === 503) status = (await request(app.server).get('/api/health')).status;
      expect(status).toBe(200);
    } finally {
      await app.close();
      await proxy.close();
    }
  });

  it('answers 503 naming the database when the database is gone', async () => {
    const doomed = await createTestApp();
    try {
      await doomed.database.drop();
      const res = await request(doomed.server).get('/api/health').expect(503);
      expect(res.body).toEqual({ detail: 'Service unavailable', database: 'down', redis: 'up' });
    } finally {
      await doomed.close();
    }
  });
});
