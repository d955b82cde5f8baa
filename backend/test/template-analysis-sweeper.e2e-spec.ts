import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ANIMATION_QUEUE, type AdminTemplateDto, type TemplateDto } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';
import Bull from 'bull';
import request from 'supertest';

import { TEMPLATE_ANALYSIS_JOB_ID_PREFIX } from '../src/generations/generation-queue.js';
import { MediaKeys } from '../src/media/media-keys.js';
import { TemplateAnalysisSweeperService } from '../src/templates/template-analysis-sweeper.service.js';
import { makeClip } from './helpers/clips.js';
import { startInferenceWorker } from './helpers/inference-worker.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createTestDatabase } from './helpers/test-database.js';

// A clip is analysed by a real worker on a shared two-core machine.
jest.setTimeout(300_000);

/**
 * Animated templates left pending (issue 24): the sweep takes a lost report from the job, queues a
 * lost job again, and fails an analysis whose upload is gone. Each upload is dated an hour back, so
 * the sweep takes it at once.
 */
describe('the sweep of animated templates left pending', () => {
  let folder: string;
  let clip: Buffer;
  const adminTgId = newTgId();
  const env = { ADMIN_TG_IDS: String(adminTgId) };

  const jobId = (template: TemplateDto) => `${TEMPLATE_ANALYSIS_JOB_ID_PREFIX}${template.id}`;
  const queueOf = (app: TestApp) =>
    new Bull(ANIMATION_QUEUE, app.config.redis.url, { prefix: app.config.redis.bullPrefix });
  const sweep = (app: TestApp) => app.app.get(TemplateAnalysisSweeperService).sweep();

  /** An admin's upload, answered as pending, dated an hour back. */
  async function uploadPending(app: TestApp, admin: Player): Promise<TemplateDto> {
    const res = await request(app.server)
      .post('/api/v1/memes/generations/templates/')
      .set(bearer(admin))
      .field('title', 'Clip')
      .attach('image', clip, 'pan.gif')
      .expect(201);
    const template = res.body as TemplateDto;
    expect(template.analysis).toBe('pending');
    await app.dataSource.query(`UPDATE templates SET created_at = now() - interval '1 hour' WHERE id = $1`, [
      template.id,
    ]);
    return template;
  }
  const seen = async (app: TestApp, admin: Player, template: TemplateDto) =>
    (await request(app.server).get(`/api/v1/admin/templates/${template.id}/`).set(bearer(admin)).expect(200))
      .body as AdminTemplateDto;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mememint-e2e-sweep-'));
    clip = await readFile(await makeClip(folder, { name: 'pan', format: 'gif', fps: 10, seconds: 1 }));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('takes the result of an analysis finished while no backend listened from its job', async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({ database, env });
    const admin = await newPlayer(first.server, first.config, { tgId: adminTgId });
    const template = await uploadPending(first, admin);
    // The only backend goes away (its Redis keys stay), then a worker does the job unheard.
    await first.app.close();
    const queue = queueOf(first);
    const worker = await startInferenceWorker(first.config);
    try {
      await (await queue.getJob(jobId(template)))!.finished();
    } finally {
      await worker.stop();
      await queue.close();
    }
    const second = await createTestApp({ replicaOf: first, env });
    try {
      expect((await seen(second, admin, template)).analysis).toBe('pending');
      await sweep(second);
      expect(await seen(second, admin, template)).toMatchObject({
        analysis: 'ready',
        enabled: true,
        faces: [expect.objectContaining({ frameIndex: 0 })],
      });
    } finally {
      await second.close();
      await database.drop();
    }
  });

  describe('with a backend listening', () => {
    let t: TestApp;
    let admin: Player;
    let adminSocket: SocketRecorder;

    beforeAll(async () => {
      t = await createTestApp({ env });
      await t.app.listen(0, '127.0.0.1');
      admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
      adminSocket = await SocketRecorder.connect(t.server, admin.token);
    });
    afterAll(async () => {
      adminSocket?.close();
      await t?.close();
    });

    /** An upload whose job Redis lost (no worker runs yet, so it was still waiting). */
    async function uploadWithLostJob(): Promise<TemplateDto> {
      const template = await uploadPending(t, admin);
      const queue = queueOf(t);
      try {
        await (await queue.getJob(jobId(template)))!.remove();
        expect(await queue.getJob(jobId(template))).toBeNull();
      } finally {
        await queue.close();
      }
      return template;
    }

    it('queues a lost job again, and the analysis ends as usual', async () => {
      const template = await uploadWithLostJob();
      await sweep(t);
      const worker = await startInferenceWorker(t.config);
      try {
        const analysed = await adminSocket.until(
          'template:analysed',
          (event) => event.templateId === template.id,
        );
        expect(analysed).toMatchObject({ analysis: 'ready', enabled: true, faces: 1 });
      } finally {
        await worker.stop();
      }
      expect(await seen(t, admin, template)).toMatchObject({
        analysis: 'ready',
        enabled: true,
        analysisError: null,
      });
    });

    it('fails an analysis whose job and upload are both gone, and tells its admin', async () => {
      const template = await uploadWithLostJob();
      await t.app.get(MediaStore).remove(MediaKeys.animation(template.id).source);
      await sweep(t);
      const analysed = await adminSocket.until(
        'template:analysed',
        (event) => event.templateId === template.id,
      );
      expect(analysed).toMatchObject({
        analysis: 'failed',
        enabled: false,
        faces: 0,
        detail: expect.any(String),
      });
      // The console shows why, as the admin was told.
      expect(await seen(t, admin, template)).toMatchObject({
        analysis: 'failed',
        enabled: false,
        analysisError: analysed.detail,
      });
    });
  });
});
