import { readFile } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { GenerationStatusDto, TemplateDto } from '@mememint/contracts';
import request from 'supertest';

import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import { bearer, createTemplate, newPlayer, photo, type Player, requestGeneration } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Real analyses and swaps on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

/** labels.json's boxes ([x, y, w, h]) of group-04.jpg and the face labelled as its default. */
async function labelledDefault(): Promise<number[]> {
  const labels = JSON.parse(
    await readFile(new URL('../../testdata/faces/labels.json', import.meta.url), 'utf8'),
  ) as Record<string, { faces: { box: number[]; defaultFace?: boolean }[] }>;
  return labels['group-04.jpg']!.faces.find((face) => face.defaultFace)!.box;
}

function iou(a: { x: number; y: number; width: number; height: number }, [bx, by, bw, bh]: number[]): number {
  const w = Math.max(0, Math.min(a.x + a.width, bx! + bw!) - Math.max(a.x, bx!));
  const h = Math.max(0, Math.min(a.y + a.height, by! + bh!) - Math.max(a.y, by!));
  return (w * h) / (a.width * a.height + bw! * bh! - w * h);
}

describe('the default face of a template with faces of nearly the same size (issue 23)', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  let admin: Player;
  let player: Player;
  let socket: SocketRecorder;
  let template: TemplateDto;
  const adminTgId = newTgId();

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    await t.app.listen(0, '127.0.0.1');
    worker = await startInferenceWorker(t.config);
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
    // A meeting: four faces of nearly one size; the largest is turned away (3/4), one faces the camera.
    template = await createTemplate(t.server, admin, photo('group-04.jpg'), { title: 'Meeting' });
    player = await newPlayer(t.server, t.config);
    await request(t.server)
      .put('/api/v1/users/face/')
      .set(bearer(player))
      .attach('photo', photo('portrait-05.jpg'), 'face.jpg')
      .expect(200);
    socket = await SocketRecorder.connect(t.server, player.token);
  });
  afterAll(async () => {
    socket?.close();
    await worker?.stop();
    await t?.close();
  });

  it('is the frontal face, not the largest, in the DTO the players list', async () => {
    expect(template.faces.length).toBeGreaterThan(1);
    expect(template.defaultFace).toBeGreaterThan(0);
    expect(iou(template.faces[template.defaultFace]!, await labelledDefault())).toBeGreaterThanOrEqual(0.4);
    const listed = await request(t.server)
      .get('/api/v1/memes/generations/templates/?pageSize=100')
      .set(bearer(player))
      .expect(200);
    const mine = (listed.body.items as TemplateDto[]).find((item) => item.id === template.id)!;
    expect(mine.defaultFace).toBe(template.defaultFace);
  });

  it('a generation without a face choice swaps it and says so (status and meme)', async () => {
    const res = await requestGeneration(t.server, player, { templateId: template.id }).expect(201);
    const done = await socket.until('generation:done', (p) => p.id === res.body.id);
    expect(done.meme.faceIndexes).toEqual([template.defaultFace]);
    const status = (
      await request(t.server)
        .get(`/api/v1/memes/generations/${res.body.id}/status/`)
        .set(bearer(player))
        .expect(200)
    ).body as GenerationStatusDto;
    expect(status.status).toBe('done');
    expect(status.faceIndexes).toEqual([template.defaultFace]);
    expect(status.meme?.faceIndexes).toEqual([template.defaultFace]);
  });

  it('a chosen face is swapped instead, and reported', async () => {
    const res = await requestGeneration(t.server, player, { templateId: template.id, faces: '[0,2]' }).expect(
      201,
    );
    const done = await socket.until('generation:done', (p) => p.id === res.body.id);
    expect(done.meme.faceIndexes).toEqual([0, 2]);
  });
});
