import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { freePort } from '../../scripts/lib/services.mjs';
import { createTestApp, type TestApp } from './helpers/test-app.js';

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

  it('answers 503 naming Redis when Redis is unreachable', async () => {
    const deadRedis = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    try {
      const res = await request(deadRedis.server).get('/api/health').expect(503);
      expect(res.body).toEqual({ detail: 'Service unavailable', database: 'up', redis: 'down' });
    } finally {
      await deadRedis.close();
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
