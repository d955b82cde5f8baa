import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText } from '@mememint/contracts';

import { LedgerService } from '../src/ledger/ledger.service.js';
import {
  me as profile,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedFace,
  seedTemplate,
} from './helpers/memes.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';
import { newTgId } from './helpers/telegram-login.js';
import type { Template } from '../src/templates/entities/template.entity.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

/**
 * Charging (GAME.md "Credits and generation"): no worker runs here, so every generation stays queued
 * and what is asserted is only what the request charged.
 */
describe('what a generation costs', () => {
  let t: TestApp;
  let template: Template;
  const adminTgId = newTgId();

  const me = (player: Player) => profile(t.server, player);
  const generate = (player: Player, face?: Buffer) =>
    requestGeneration(t.server, player, { templateId: template.id }, face);
  const charges = async (player: Player) =>
    (await t.dataSource.query(`SELECT cost FROM generations WHERE user_id = $1 ORDER BY created_at, id`, [
      player.tgId,
    ])) as { cost: number }[];

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    // No worker analyses an uploaded template here: it is seeded as one added before analyses.
    template = await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(() => t.close());

  it('spends credits first, then gives one free generation per 30 minutes, then answers 429', async () => {
    const player = await newPlayer(t.server, t.config);
    // No worker runs here: the face is seeded (the face check is tested with the worker).
    await seedFace(t.app, player, photo('portrait-02.jpg'));
    await generate(player).expect(201);
    await generate(player).expect(201);
    await generate(player).expect(201);
    expect(await me(player)).toMatchObject({ generationLimit: 0 });

    const free = await generate(player).expect(201);
    expect(free.body).toEqual({ id: expect.any(String), status: 'queued' });
    expect(await me(player)).toMatchObject({ generationLimit: 0 });

    const limited = await generate(player).expect(429);
    expect(limited.body).toEqual({
      detail: ErrorText.requestLimitExceeded,
      hint: ErrorText.requestLimitHint,
      retryAfter: expect.any(Number),
    });
    expect(limited.body.retryAfter).toBeGreaterThan(0);
    expect(limited.body.retryAfter).toBeLessThanOrEqual(30 * 60);

    // Credits, once there are some again, are spent before any free generation is considered.
    await t.app.get(LedgerService).addCredits(player.tgId, 1, { reason: 'admin-grant' });
    await generate(player).expect(201);
    expect((await charges(player)).map((row) => row.cost)).toEqual([1, 1, 1, 0, 1]);
    expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
  });

  it('of 20 parallel requests with 3 credits, exactly 3 are charged and 1 is free; the rest get 429', async () => {
    const player = await newPlayer(t.server, t.config);
    await seedFace(t.app, player, photo('portrait-02.jpg'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate(player)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);

    expect((await charges(player)).map((row) => row.cost).sort()).toEqual([0, 1, 1, 1]);
    expect(await me(player)).toMatchObject({ generationLimit: 0 });
    const spent: { total: string }[] = await t.dataSource.query(
      `SELECT SUM(delta) AS total FROM ledger_entries WHERE user_id = $1 AND kind = 'credits' AND reason = 'generation'`,
      [player.tgId],
    );
    expect(Number(spent[0]!.total)).toBe(-3);
    expect(await t.app.get(LedgerService).findImbalances()).toEqual([]);
  });

  it('while Redis is away answers 503 at once and charges nothing; queues again once it is back', async () => {
    const redis = new URL(TEST_REDIS_URL);
    const proxy = await startTcpProxy(Number(redis.port || 6379), redis.hostname);
    // A replica of the same deployment whose Redis can be taken away.
    const replica = await createTestApp({
      replicaOf: t,
      env: {
        REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      },
    });
    const onReplica = (player: Player) =>
      requestGeneration(replica.server, player, { templateId: template.id });
    try {
      // One player with credits, one whose credits are spent (the free generation is theirs).
      const player = await newPlayer(t.server, t.config);
      const broke = await newPlayer(t.server, t.config);
      await t.app.get(LedgerService).spendCredits(broke.tgId, 3, { reason: 'revoke' });
      for (const who of [player, broke]) await seedFace(t.app, who, photo('portrait-02.jpg'));

      await proxy.cut();
      for (const who of [player, broke]) {
        const refused = await onReplica(who).expect(503);
        expect(refused.body).toEqual({
          detail: expect.any(String),
          code: 'SERVICE_UNAVAILABLE',
          retryAfter: expect.any(Number),
        });
      }
      // Neither a credit nor the free generation of the window is used up.
      expect(await me(player)).toMatchObject({ generationLimit: 3 });
      expect(await charges(player)).toEqual([]);
      expect(await charges(broke)).toEqual([]);

      await proxy.restore();
      let status = 503;
      while (status === 503) status = (await onReplica(player)).status;
      expect(status).toBe(201);
      await onReplica(broke).expect(201);
      expect((await charges(player)).map((row) => row.cost)).toEqual([1]);
      expect((await charges(broke)).map((row) => row.cost)).toEqual([0]);
      expect(await me(player)).toMatchObject({ generationLimit: 2 });
      expect(await t.app.get(LedgerService).findImbalances()).toEqual([]);
    } finally {
      await replica.app.close();
      await proxy.close();
    }
  });
});
