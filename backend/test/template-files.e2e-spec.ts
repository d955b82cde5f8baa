import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ANIMATION_QUEUE, ErrorText, type TemplateDto } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';
import Bull from 'bull';
import request from 'supertest';

import { TEMPLATE_ANALYSIS_JOB_ID_PREFIX } from '../src/generations/generation-queue.js';
import { MediaKeys } from '../src/media/media-keys.js';
import { makeClip } from './helpers/clips.js';
import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A clip is analysed by a real worker on a shared two-core machine.
jest.setTimeout(300_000);

/**
 * An animated template's files live as long as it does (issue 24): deleting it takes its MP4, poster,
 * thumbnail and tracks; a clip deleted while the worker had it leaves nothing the worker wrote; a
 * refused clip (NSFW above all) is not kept after its analysis.
 */
describe('the files of an animated template', () => {
  let folder: string;
  let clip: Buffer;
  const adminTgId = newTgId();

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mememint-e2e-template-files-'));
    clip = await readFile(await makeClip(folder, { name: 'pan', format: 'gif', fps: 10, seconds: 1 }));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** An API with an admin (its socket listening) and a real worker; `env` on top of the tests' own. */
  function stack(env: Record<string, string> = {}) {
    const it = {} as {
      t: TestApp;
      admin: Player;
      socket: SocketRecorder;
      storage: MediaStore;
      worker: WorkerProcess;
    };
    beforeAll(async () => {
      it.t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId), ...env } });
      await it.t.app.listen(0, '127.0.0.1');
      it.storage = it.t.app.get(MediaStore);
      it.admin = await newPlayer(it.t.server, it.t.config, { tgId: adminTgId });
      it.socket = await SocketRecorder.connect(it.t.server, it.admin.token);
    });
    afterAll(async () => {
      it.socket?.close();
      await it.worker?.stop();
      await it.t?.close();
    });
    return it;
  }
  const upload = async ({ t, admin }: { t: TestApp; admin: Player }) =>
    (
      await request(t.server)
        .post('/api/v1/memes/generations/templates/')
        .set(bearer(admin))
        .field('title', 'Clip')
        .attach('image', clip, 'pan.gif')
        .expect(201)
    ).body as TemplateDto;
  const analysed = (socket: SocketRecorder, template: TemplateDto) =>
    socket.until('template:analysed', (event) => event.templateId === template.id);
  /** Which of the template's files are stored. */
  const stored = async (storage: MediaStore, template: TemplateDto) => {
    const keys = { ...MediaKeys.template(template.id), ...MediaKeys.animation(template.id) };
    const present = await Promise.all(
      Object.entries(keys).map(async ([name, key]) => ((await storage.stat(key)) ? name : null)),
    );
    return present.filter((name) => name !== null).sort();
  };

  describe('screening so strict that the worker refuses every clip', () => {
    // An explicit score of 0 or more refuses: the real classifier refuses the real clip as NSFW.
    const s = stack({ NSFW_SCREEN_UPLOADS: '1', NSFW_REFUSE_THRESHOLD: '0' });

    it('a refused clip is not kept after its analysis, and the console is told why', async () => {
      const template = await upload(s);
      s.worker = await startInferenceWorker(s.t.config);
      expect(await analysed(s.socket, template)).toMatchObject({
        analysis: 'failed',
        detail: ErrorText.nsfwImage,
      });
      expect(await stored(s.storage, template)).toEqual([]);
      const seen = await request(s.t.server)
        .get(`/api/v1/admin/templates/${template.id}/`)
        .set(bearer(s.admin));
      expect(seen.body).toMatchObject({
        analysis: 'failed',
        enabled: false,
        analysisError: ErrorText.nsfwImage,
      });
    });
  });

  describe('screening as usual', () => {
    const s = stack();

    it('deleting a clip whose analysis the worker already had leaves none of its files', async () => {
      const template = await upload(s);
      const remove = () =>
        request(s.t.server)
          .delete(`/api/v1/admin/templates/${template.id}/`)
          .set(bearer(s.admin))
          .expect(204);
      // The worker has read the upload when the admin deletes the template: the upload is put back
      // after the delete, as the worker would still hold it, then the worker runs the job.
      const source = await s.storage.read(MediaKeys.animation(template.id).source);
      await remove();
      expect(await stored(s.storage, template)).toEqual([]);
      await s.storage.write(MediaKeys.animation(template.id).source, source);
      s.worker = await startInferenceWorker(s.t.config);
      const queue = new Bull(ANIMATION_QUEUE, s.t.config.redis.url, { prefix: s.t.config.redis.bullPrefix });
      try {
        await (await queue.getJob(`${TEMPLATE_ANALYSIS_JOB_ID_PREFIX}${template.id}`))!.finished();
      } finally {
        await queue.close();
      }
      // The report comes to a template that is gone: what the worker wrote goes too (the test's
      // timeout bounds the wait).
      while ((await stored(s.storage, template)).length > 0) await sleep(20);
    });

    it('deleting an analysed clip takes its MP4, poster, thumbnail and tracks', async () => {
      s.worker ??= await startInferenceWorker(s.t.config);
      const template = await upload(s);
      expect(await analysed(s.socket, template)).toMatchObject({ analysis: 'ready', enabled: true });
      expect(await stored(s.storage, template)).toEqual(['image', 'thumbnail', 'tracks', 'video']);
      await request(s.t.server)
        .delete(`/api/v1/admin/templates/${template.id}/`)
        .set(bearer(s.admin))
        .expect(204);
      expect(await stored(s.storage, template)).toEqual([]);
    });
  });
});
