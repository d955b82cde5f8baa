import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { MetricsService } from '../src/metrics/metrics.service.js';
import {
  bearer,
  me,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedFace,
  seedTemplate,
  uploadMeme,
} from './helpers/memes.js';
import { initDataFor, newTgId } from './helpers/telegram-login.js';
import type { Template } from '../src/templates/entities/template.entity.js';
import { createTestApp, deleteKeys, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

const WINDOW_SECONDS = 600;

/**
 * Two replicas of the API sharing PostgreSQL and Redis (one key prefix), limits set low: whatever
 * one replica counted, the other refuses. Every request of a test comes from one address (127.0.0.1).
 */
describe('rate limits across replicas', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = `mmtest:rl-${randomBytes(4).toString('hex')}:`;
  const env = (extra: Record<string, string>) => ({ REDIS_KEY_PREFIX: prefix, ...extra });

  beforeAll(async () => {
    const limits = {
      RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '5',
      RATE_LIMIT_PROMO_PER_PLAYER: '3',
      RATE_LIMIT_CAPTIONS_PER_PLAYER: '2',
    };
    a = await createTestApp({ env: env(limits) });
    b = await createTestApp({ env: env(limits), database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await deleteKeys(TEST_REDIS_URL, [prefix]);
  });

  const refusals = async (t: TestApp) =>
    (await t.app.get(MetricsService).registry.getSingleMetric('mememint_rate_limit_refusals_total')?.get())
      ?.values ?? [];

  it('refuses logins from an address with 429 {detail, retryAfter} after 5 failures on either replica', async () => {
    const forged = (i: number) => initDataFor(a.config, { id: newTgId() }, { botToken: `123:forged-${i}` });
    for (let i = 0; i < 5; i++) {
      const replica = i % 2 === 0 ? a : b;
      await request(replica.server)
        .post('/api/v1/auth/login/')
        .send({ initData: forged(i) })
        .expect(401);
    }
    for (const replica of [a, b]) {
      const refused = await request(replica.server)
        .post('/api/v1/auth/login/')
        .send({ initData: initDataFor(a.config, { id: newTgId() }) })
        .expect(429);
      expect(refused.body).toEqual({
        detail: ErrorText.requestLimitExceeded,
        retryAfter: expect.any(Number),
      });
      expect(refused.body.retryAfter).toBeGreaterThan(0);
      expect(refused.body.retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfter));
      // A refresh from the address is refused as well: the failures count for both routes.
      await request(replica.server)
        .post('/api/v1/auth/refresh-token/')
        .send({ refreshToken: 'x'.repeat(40) })
        .expect(429);
    }
    expect(await refusals(a)).toContainEqual(
      expect.objectContaining({ labels: { limit: 'auth-failures:address' }, value: 2 }),
    );
  });

  it('limits a player on both replicas together, not the other players behind the address', async () => {
    // Players log in on an app of their own (same database): the failures above block this address.
    const login = await createTestApp({ database: a.database });
    let player: Player;
    let other: Player;
    try {
      player = await newPlayer(login.server, login.config);
      other = await newPlayer(login.server, login.config);
    } finally {
      await login.close();
    }
    const apply = (t: TestApp, who: Player) =>
      request(t.server).post('/api/v1/promocodes/NOSUCHCODE1/').set(bearer(who));
    await apply(a, player).expect(404);
    await apply(b, player).expect(404);
    await apply(a, player).expect(404);
    const refused = await apply(b, player).expect(429);
    expect(refused.body.detail).toBe(ErrorText.requestLimitExceeded);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await apply(a, player).expect(429);
    await apply(a, other).expect(404);
    expect(await refusals(b)).toContainEqual(
      expect.objectContaining({ labels: { limit: 'promo:player' }, value: 1 }),
    );
  });

  it('limits caption edits per player on both replicas together (issue 28 #5)', async () => {
    const login = await createTestApp({ database: a.database });
    let player: Player;
    try {
      player = await newPlayer(login.server, login.config);
    } finally {
      await login.close();
    }
    const meme = await uploadMeme(a.server, player, photo('portrait-02.jpg'));
    const edit = (t: TestApp, text: string) =>
      request(t.server).patch(`/api/v1/memes/${meme.id}/`).set(bearer(player)).send({ text });
    await edit(a, 'first').expect(200);
    await edit(b, 'second').expect(200);
    const refused = await edit(a, 'third').expect(429);
    expect(refused.body.detail).toBe(ErrorText.requestLimitExceeded);
    await edit(b, 'fourth').expect(429);
    expect(await refusals(a)).toContainEqual(
      expect.objectContaining({ labels: { limit: 'captions:player' }, value: 1 }),
    );
  });
});

describe('generous per-address limits for good requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_ADDRESS: '4' } });
  });
  afterAll(() => t.close());

  it('lets an address log in RATE_LIMIT_AUTH_PER_ADDRESS times per window, then answers 429', async () => {
    for (let i = 0; i < 4; i++) await newPlayer(t.server, t.config);
    const refused = await request(t.server)
      .post('/api/v1/auth/login/')
      .send({ initData: initDataFor(t.config, { id: newTgId() }) })
      .expect(429);
    expect(refused.body).toEqual({ detail: ErrorText.requestLimitExceeded, retryAfter: expect.any(Number) });
  });
});

/** No worker runs here: every accepted generation stays queued. */
describe('queued generations per player and uploads', () => {
  let t: TestApp;
  let template: Template;
  const adminTgId = newTgId();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_TG_IDS: String(adminTgId),
        GENERATION_MAX_ACTIVE_PER_PLAYER: '3',
        RATE_LIMIT_UPLOADS_PER_PLAYER: '25',
      },
    });
    // No worker analyses an uploaded template here: it is seeded as one added before analyses.
    template = await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(() => t.close());

  // No inference worker runs here: the face is seeded, as the face check (tested with the real worker
  // in player-faces.e2e-spec.ts, its 429 case included) would have stored it.
  it('of 10 parallel generations with 10 credits, 3 are queued and charged; 7 get 429', async () => {
    const player = await newPlayer(t.server, t.config);
    await t.app.get(LedgerService).addCredits(player.tgId, 7, { reason: 'admin-grant' });
    await seedFace(t.app, player, photo('portrait-02.jpg'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => requestGeneration(t.server, player, { templateId: template.id })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ detail: ErrorText.generationsInProgress, retryAfter: 10 });
    expect(refused.headers['retry-after']).toBe('10');

    expect(await me(t.server, player)).toMatchObject({ generationLimit: 7 });
    expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
  });
});

/**
 * The per-address limits count the client's address: `X-Forwarded-For` names it only when the
 * request comes from a proxy TRUST_PROXY names, else anyone could name a new address per request.
 */
describe('forwarded addresses (TRUST_PROXY)', () => {
  const badLogins = async (t: TestApp, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const forged = initDataFor(t.config, { id: newTgId() }, { botToken: `123:forged-${i}` });
      const res = await request(t.server)
        .post('/api/v1/auth/login/')
        .set('X-Forwarded-For', `203.0.113.${i % 250}`)
        .send({ initData: forged });
      statuses.push(res.status);
    }
    return statuses;
  };
  const limits = {
    RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '5',
  };

  it('ignores X-Forwarded-For from a client that is not a trusted proxy (the default)', async () => {
    const t = await createTestApp({ env: limits });
    try {
      const statuses = await badLogins(t, 20);
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
      expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a trusted proxy: each forwarded client has its own count', async () => {
    const t = await createTestApp({ env: { ...limits, TRUST_PROXY: 'loopback' } });
    try {
      expect(await badLogins(t, 20)).toEqual(Array(20).fill(401));
    } finally {
      await t.close();
    }
  });
});
