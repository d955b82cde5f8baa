import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  ErrorText,
  type MemeDto,
  type Page,
  type ReportedMemeDto,
  type TemplateDto,
} from '@mememint/contracts';
import sharp from 'sharp';
import request from 'supertest';

import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import {
  bearer,
  createTemplate,
  FACES_DIR,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedTemplate,
} from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The probe images come from a gradient search on TF.js (minutes on a shared two-core machine), then
// real analyses and swaps by the worker.
jest.setTimeout(1_800_000);

const INFERENCE_DIR = fileURLToPath(new URL('../../inference/', import.meta.url));
const NSFW_REFUSAL = { detail: ErrorText.nsfwImage, code: 'NSFW_IMAGE' };

/**
 * A test image the classifier scores explicit, made here by gradient search against nsfwjs's graph
 * (inference/test/nsfw-probe-image.ts); with `face`, that labelled photo's face stays in its middle.
 */
async function probeImage(dir: string, seed: number, face?: string): Promise<Buffer> {
  const out = path.join(dir, `probe-${seed}.jpg`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'test/nsfw-probe-image.ts', out, String(seed), ...(face ? [face] : [])],
    { cwd: INFERENCE_DIR },
  );
  return readFile(out);
}

/** Every file under a directory (relative paths), for "nothing was stored". */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('NSFW screening by the real worker at the default thresholds', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  let admin: Player;
  let template: TemplateDto;
  let probe: Buffer;
  let faceProbe: Buffer;
  let scratch: string;
  const adminTgId = newTgId();
  const sockets: SocketRecorder[] = [];
  const putFace = (player: Player, image: Buffer) =>
    request(t.server).put('/api/v1/users/face/').set(bearer(player)).attach('photo', image, 'face.jpg');

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'nsfw-probe-'));
    // One after the other: each search takes the machine's cores.
    probe = await probeImage(scratch, 25);
    faceProbe = await probeImage(scratch, 26, 'portrait-07.jpg');
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId), NSFW_SCREEN_UPLOADS: '1' } });
    await t.app.listen(0, '127.0.0.1');
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
    worker = await startInferenceWorker(t.config);
    template = await createTemplate(t.server, admin, photo('portrait-07.jpg'), { title: 'Plain' });
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await worker?.stop();
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('refuses the probe on every upload route with 400 NSFW_IMAGE, storing nothing', async () => {
    const player = await newPlayer(t.server, t.config);
    const stored = await filesUnder(t.config.media.dir);
    const counts = async () =>
      (await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM memes WHERE owner_id = $1) AS memes,
                (SELECT count(*)::int FROM generations WHERE user_id = $1) AS generations,
                (SELECT count(*)::int FROM templates) AS templates,
                (SELECT count(*)::int FROM player_faces WHERE user_id = $1) AS faces`,
        [player.tgId],
      )) as unknown[];
    const before = await counts();

    expect((await putFace(player, probe).expect(400)).body).toEqual(NSFW_REFUSAL);

    const generation = await requestGeneration(t.server, player, { templateId: template.id }, probe).expect(
      400,
    );
    expect(generation.body).toEqual(NSFW_REFUSAL);

    const own = await request(t.server)
      .post('/api/v1/memes/')
      .set(bearer(player))
      .attach('image', probe, 'photo.jpg')
      .expect(400);
    expect(own.body).toEqual(NSFW_REFUSAL);

    const added = await request(t.server)
      .post('/api/v1/memes/generations/templates/')
      .set(bearer(admin))
      .field('title', 'Probe')
      .attach('image', probe, 'template.jpg')
      .expect(400);
    expect(added.body).toEqual(NSFW_REFUSAL);

    expect(await counts()).toEqual(before);
    expect(await filesUnder(t.config.media.dir)).toEqual(stored);
  });

  it('accepts every labelled photo as a player’s own photo (none refused as NSFW)', async () => {
    const player = await newPlayer(t.server, t.config);
    const names = Object.keys(JSON.parse(await readFile(new URL('labels.json', FACES_DIR), 'utf8'))).filter(
      (name) => !name.startsWith('_'),
    );
    expect(names.length).toBeGreaterThanOrEqual(20);
    const refused: string[] = [];
    for (const name of names) {
      // Players' uploads are JPEG: the one PNG goes in as the app would send it.
      const bytes = name.endsWith('.jpg') ? photo(name) : await sharp(photo(name)).jpeg().toBuffer();
      const res = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .attach('image', bytes, name);
      if (res.status !== 201) refused.push(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(refused).toEqual([]);
  });

  it('holds a generated result it scores NSFW for review: kept in history, 409 on publish, listed, restored', async () => {
    // A template from before screening (stored directly): the swap keeps the probe's pixels round the face.
    const probeTemplate = await seedTemplate(t.app, faceProbe, { title: 'Held' });
    const player = await newPlayer(t.server, t.config);
    await putFace(player, photo('portrait-05.jpg')).expect(200);
    sockets.push(await SocketRecorder.connect(t.server, player.token));
    const socket = sockets.at(-1)!;
    const started = await requestGeneration(t.server, player, { templateId: probeTemplate.id }).expect(201);
    const done = await socket.until('generation:done', (p) => p.id === started.body.id);
    const memeId = done.meme.id;

    const history = await request(t.server).get('/api/v1/memes/').set(bearer(player)).expect(200);
    expect((history.body as Page<MemeDto>).items.map((meme) => meme.id)).toContain(memeId);
    const publish = () =>
      request(t.server).patch(`/api/v1/memes/${memeId}/`).set(bearer(player)).send({ isPublished: true });
    expect((await publish().expect(409)).body).toEqual({ detail: ErrorText.inReview, code: 'IN_REVIEW' });

    const queue = async () =>
      (
        (await request(t.server).get('/api/v1/admin/reports/?status=open').set(bearer(admin)).expect(200))
          .body as Page<ReportedMemeDto>
      ).items.find((item) => item.memeId === memeId);
    const held = await queue();
    expect(held).toMatchObject({ memeId, ownerId: player.tgId, isPublished: false, reports: [] });
    expect(held!.review!.nsfw!.porn + held!.review!.nsfw!.hentai).toBeGreaterThanOrEqual(0.8);

    await request(t.server)
      .post(`/api/v1/admin/memes/${memeId}/restore/`)
      .set(bearer(admin))
      .send({ reason: 'abstract pattern' })
      .expect(200);
    expect(await queue()).toBeUndefined();
    expect((await publish().expect(200)).body).toMatchObject({ id: memeId, isPublished: true });
  });
});
