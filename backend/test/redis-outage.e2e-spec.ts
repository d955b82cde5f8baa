import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';

import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { signInitData } from '../src/auth/telegram-init-data.js';
import { DEVELOPMENT_BOT_TOKEN } from '../src/config/platform.variables.js';
import { photo } from './helpers/memes.js';
import { OwnedRedis } from './helpers/owned-redis.js';
import { newTgId } from './helpers/telegram-login.js';
import { LIFTED_LIMITS } from './helpers/test-app.js';

// The API boots in a process of its own (TypeScript compiled on the fly): seconds on a busy machine.
jest.setTimeout(180_000);

/** The keys of the test's Redis (the analysis job shows up there once queued). */
async function redisKeys(redis: OwnedRedis): Promise<string[]> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    return await client.keys('*');
  } finally {
    client.disconnect();
  }
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Redis stops under traffic and comes back (a server the test owns): the API process stays up,
 * what needs Redis answers 503 `{detail, code: "SERVICE_UNAVAILABLE", retryAfter}`, logins and
 * reads keep working on per-process rate limits, and everything works again once Redis is back.
 */
describe('a Redis outage under traffic', () => {
  let redis: OwnedRedis;
  let api: ApiProcess;

  beforeAll(async () => {
    redis = await OwnedRedis.start();
    api = await startApiProcess({
      ...LIFTED_LIMITS,
      // Limits on: while Redis is away they count in the process.
      RATE_LIMIT_AUTH_PER_ADDRESS: '1000',
      RATE_LIMIT_UPLOADS_PER_PLAYER: '1000',
      RATE_LIMIT_PAYMENTS_PER_PLAYER: '1000',
      REDIS_URL: redis.url,
      // No worker runs: a face check waits for its analysis until Redis goes away.
      FACE_ANALYSIS_TIMEOUT_MS: '600000',
      // Nor would an own photo's screening end without one (the screening tests run a worker).
      NSFW_SCREEN_UPLOADS: '0',
      LOG_LEVEL: 'error',
    });
  });
  afterAll(async () => {
    await redis.resume();
    await api.stop();
    await redis.stop();
  });

  async function call(
    method: string,
    path: string,
    token?: string,
    body?: string | FormData,
  ): Promise<Answer> {
    const res = await fetch(`http://127.0.0.1:${api.port}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function login(): Promise<Answer> {
    const initData = signInitData(
      {
        user: JSON.stringify({ id: newTgId(), first_name: 'Test', language_code: 'en' }),
        auth_date: String(Math.floor(Date.now() / 1000)),
      },
      DEVELOPMENT_BOT_TOKEN,
    );
    return call('POST', '/v1/auth/login/', undefined, JSON.stringify({ initData }));
  }

  function upload(token: string): Promise<Answer> {
    const form = new FormData();
    form.append('image', new Blob([photo('portrait-02.jpg')], { type: 'image/jpeg' }), 'photo.jpg');
    return call('POST', '/v1/memes/', token, form);
  }

  function faceCheck(token: string): Promise<Answer> {
    const form = new FormData();
    form.append('photo', new Blob([photo('portrait-02.jpg')], { type: 'image/jpeg' }), 'photo.jpg');
    return call('PUT', '/v1/users/face/', token, form);
  }

  const alive = () => Promise.race([api.exited.then(() => false), Promise.resolve(true)]);

  it('keeps the API up, answers 503 where Redis is needed, and recovers without a restart', async () => {
    const token = (await login()).body.jwtToken as string;
    expect((await call('POST', '/v1/users/face/consent/', token)).status).toBe(200);
    expect((await upload(token)).status).toBe(201);
    expect((await call('GET', '/health')).status).toBe(200);

    // A face check waits for its analysis (Bull's job) when Redis goes.
    const waiting = faceCheck(token);
    while (!(await redisKeys(redis)).some((key) => key.includes('analyse-')));

    // Traffic of every kind goes on through the outage and the return.
    let traffic = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (traffic && (await alive())) {
        const answers = await Promise.all([
          login(),
          call('GET', '/v1/auth/me/', token),
          upload(token),
          call('GET', '/v1/tariff/1/', token),
          call('POST', '/v1/memes/generations/', token, JSON.stringify({ templateId: 1 })),
        ]).catch(() => []);
        statuses.push(...answers.map((answer) => answer.status));
      }
    })();
    try {
      await redis.stop();
      // The face check in flight learns its analysis cannot finish: 503, and the process lives on.
      expect((await waiting).status).toBe(503);
      // Health says so once the process sees Redis gone.
      while ((await call('GET', '/health')).status !== 503);
      expect((await call('GET', '/health')).body).toMatchObject({ redis: 'down', database: 'up' });

      const unavailable = {
        detail: expect.any(String),
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: expect.any(Number),
      };
      for (let round = 0; round < 10; round++) {
        // Logins and reads work (the rate limits count in the process meanwhile).
        const fresh = await login();
        expect(fresh.status).toBe(200);
        expect((await call('GET', '/v1/auth/me/', fresh.body.jwtToken as string)).status).toBe(200);
        // Uploads, face checks, generations and payments wait for Redis.
        const refused = await Promise.all([
          upload(token),
          faceCheck(token),
          call('GET', '/v1/tariff/1/', token),
          call('POST', '/v1/memes/generations/', token, JSON.stringify({ templateId: 1 })),
        ]);
        for (const answer of refused) {
          expect(answer.status).toBe(503);
          expect(answer.body).toEqual(unavailable);
        }
        expect(await alive()).toBe(true);
      }

      await redis.resume();
      while ((await call('GET', '/health')).status !== 200);
      expect((await upload(token)).status).toBe(201);
    } finally {
      traffic = false;
      await load;
    }
    expect(await alive()).toBe(true);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });
});
