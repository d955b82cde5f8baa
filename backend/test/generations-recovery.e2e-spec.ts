import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { GENERATION_QUEUE } from '@mememint/contracts';
import { getQueueToken } from '@nestjs/bull';
import Bull, { type Queue } from 'bull';
import request from 'supertest';

import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import { bearer, me, newPlayer, photo, requestGeneration, seedFace, seedTemplate } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { Template } from '../src/templates/entities/template.entity.js';
import { createTestDatabase } from './helpers/test-database.js';

jest.setTimeout(180_000);

/**
 * Bull's stalled-job recovery for these workers: a stalled check every second, and a lock that outlasts
 * any pause of a busy machine. A lock that lapses while its worker is alive (its event loop late to renew
 * it) stalls the job once more, and a second stall fails it instead of finishing it.
 */
const RECOVERY = { BULL_LOCK_DURATION_MS: '20000', BULL_STALLED_INTERVAL_MS: '1000' };

describe('a worker killed in the middle of a swap', () => {
  let t: TestApp;
  let template: Template;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    // Added as before analyses: the workers start inside each test, and the swap detects on its own.
    template = await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await t.close();
  });

  it('leaves its job to another worker, which finishes it; the player is charged once', async () => {
    const first = await startInferenceWorker(t.config, RECOVERY);
    workers.push(first);
    const player = await newPlayer(t.server, t.config);
    const socket = await SocketRecorder.connect(t.server, player.token);
    try {
      // A seeded face without a stored analysis: the swap detects and meshes it, so it is still running
      // when the worker is killed.
      await seedFace(t.app, player, photo('portrait-02.jpg'));
      const res = await requestGeneration(t.server, player, { templateId: template.id }).expect(201);
      const id = res.body.id as string;

      // The first worker has started the swap (its first job also loads the models): kill it now.
      await socket.until('generation:progress', (p) => p.id === id);
      await first.kill();
      expect(socket.of('generation:done', id)).toEqual([]);

      // The dead worker's lock lapses, the new worker's stalled check takes the job back and runs it.
      workers.push(await startInferenceWorker(t.config, RECOVERY));
      expect(await socket.outcome(id)).toBe('done');
      const [done] = socket.of('generation:done', id);
      expect(done!.meme).toMatchObject({ generationId: id, width: template.width, height: template.height });

      // Bull counted the job as stalled once: it really was taken from the dead worker.
      const queue = t.app.get<Queue>(getQueueToken(GENERATION_QUEUE));
      expect(await queue.client.hget(queue.toKey(id), 'stalledCounter')).toBe('1');

      expect(await me(t.server, player)).toMatchObject({ generationLimit: 2, generationsCount: 1 });
      const history = await request(t.server).get('/api/v1/memes/').set(bearer(player)).expect(200);
      expect(
        history.body.items.filter((meme: { generationId: string }) => meme.generationId === id),
      ).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('a worker sent SIGTERM mid-swap finishes the job before it exits (0); nothing is retried', async () => {
    const worker = await startInferenceWorker(t.config, RECOVERY);
    const player = await newPlayer(t.server, t.config);
    const socket = await SocketRecorder.connect(t.server, player.token);
    try {
      const res = await requestGeneration(
        t.server,
        player,
        { templateId: template.id },
        photo('portrait-02.jpg'),
      ).expect(201);
      const id = res.body.id as string;
      await socket.until('generation:progress', (p) => p.id === id);
      await worker.stop();
      expect(worker.child.exitCode).toBe(0);
      expect(worker.output()).toContain('SIGTERM: finishing the running jobs');

      expect(await socket.outcome(id)).toBe('done');
      const queue = t.app.get<Queue>(getQueueToken(GENERATION_QUEUE));
      // Finished by the worker that had it, not taken back as stalled.
      expect([null, '0']).toContain(await queue.client.hget(queue.toKey(id), 'stalledCounter'));
      expect(await me(t.server, player)).toMatchObject({ generationLimit: 2, generationsCount: 1 });
    } finally {
      socket.close();
    }
  });

  it('a swap finished while no backend listened is taken from its job by the sweeper', async () => {
    const database = await createTestDatabase();
    const env = { GENERATION_SWEEP_SECONDS: '1' };
    const first = await createTestApp({ database, env });
    const target = await seedTemplate(first.app, photo('portrait-07.jpg'), { title: 'Studio' });
    const player = await newPlayer(first.server, first.config);
    await seedFace(first.app, player, photo('portrait-02.jpg'));
    const res = await requestGeneration(first.server, player, { templateId: target.id }).expect(201);
    const id = res.body.id as string;
    // The only backend goes away (its Redis keys stay), then a worker does the job unheard.
    await first.app.close();
    const shared = {
      BULL_PREFIX: first.config.redis.bullPrefix,
      REDIS_KEY_PREFIX: first.config.redis.keyPrefix,
      MEDIA_DIR: first.config.media.dir,
    };
    const queue = new Bull(GENERATION_QUEUE, first.config.redis.url, { prefix: shared.BULL_PREFIX });
    const worker = await startInferenceWorker(first.config);
    workers.push(worker);
    try {
      await (await queue.getJob(id))!.finished();
    } finally {
      await queue.close();
    }

    const second = await createTestApp({ database, env: { ...env, ...shared } });
    let socket: SocketRecorder | undefined;
    try {
      await second.app.listen(0, '127.0.0.1');
      socket = await SocketRecorder.connect(second.server, player.token);
      // Either the sweeper already closed it (the status says so) or the socket hears it happen.
      const before = await request(second.server)
        .get(`/api/v1/memes/generations/${id}/status/`)
        .set(bearer(player))
        .expect(200);
      if (before.body.status !== 'done') expect(await socket.outcome(id)).toBe('done');
      const status = await request(second.server)
        .get(`/api/v1/memes/generations/${id}/status/`)
        .set(bearer(player))
        .expect(200);
      expect(status.body).toMatchObject({ status: 'done' });
      expect(status.body.meme).toMatchObject({
        generationId: id,
        width: target.width,
        height: target.height,
      });
      expect(await me(second.server, player)).toMatchObject({ generationLimit: 2, generationsCount: 1 });
    } finally {
      socket?.close();
      await second.close();
      await database.drop();
    }
  });
});
