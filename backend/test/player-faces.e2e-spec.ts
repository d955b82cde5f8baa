import { access, readdir } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  analysisKeyOf,
  ErrorText,
  FACE_CHECK_TEXT,
  type FaceRect,
  type MemeFacesDto,
  type TemplateDto,
} from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import {
  bearer,
  createTemplate,
  me,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedTemplate,
  uploadMeme,
} from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// Real analyses and swaps on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

describe('the face photo: analysed once by the real worker, checked with advice, reused by generations', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  let admin: Player;
  let template: TemplateDto;
  const adminTgId = newTgId();
  const sockets: SocketRecorder[] = [];

  const putFace = (player: Player, image: Buffer, filename = 'face.jpg') =>
    request(t.server).put('/api/v1/users/face/').set(bearer(player)).attach('photo', image, filename);
  /** The player's stored face files (photos and their analyses), by name. */
  const storedFaces = async (player: Player) =>
    (await readdir(path.join(t.config.media.dir, 'faces', String(player.tgId))).catch(() => [])).sort();
  const connect = async (player: Player) => {
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    await t.app.listen(0, '127.0.0.1');
    worker = await startInferenceWorker(t.config);
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
    template = await createTemplate(t.server, admin, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await worker?.stop();
    await t?.close();
  });

  it('stores a passing photo with its analysis beside it, free, and generations then use both', async () => {
    const player = await newPlayer(t.server, t.config);
    const before = await me(t.server, player);

    const res = await putFace(player, photo('portrait-05.jpg')).expect(200);
    expect(res.body).toEqual({
      faces: [
        {
          x: expect.any(Number),
          y: expect.any(Number),
          width: expect.any(Number),
          height: expect.any(Number),
          score: expect.any(Number),
        },
      ],
      notices: [],
    });
    const files = await storedFaces(player);
    expect(files).toHaveLength(2);
    expect(files[1]).toBe(`${files[0]}.analysis.json`);
    expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit);

    // No photo: the stored face (and its stored analysis) is used.
    const socket = await connect(player);
    const generation = await requestGeneration(t.server, player, { templateId: template.id }).expect(201);
    const done = await socket.until('generation:done', (p) => p.id === generation.body.id);
    expect(done.meme.templateId).toBe(template.id);
    const rows: { face_key: string }[] = await t.dataSource.query(
      'SELECT face_key FROM generations WHERE id = $1',
      [generation.body.id],
    );
    expect(rows[0]!.face_key).toBe(`faces/${player.tgId}/${files[0]}`);
  });

  it('refuses a photo without a face with its advice and code, keeping the current face', async () => {
    const player = await newPlayer(t.server, t.config);
    await putFace(player, photo('portrait-05.jpg')).expect(200);
    const kept = await storedFaces(player);

    const res = await putFace(player, photo('noface-02.jpg')).expect(400);
    expect(res.body).toEqual({ detail: "There's no face on your photo", code: 'NO_FACE' });
    // The refused photo is not kept; the current face stays.
    expect(await storedFaces(player)).toEqual(kept);
    const socket = await connect(player);
    const generation = await requestGeneration(t.server, player, { templateId: template.id }).expect(201);
    await socket.until('generation:done', (p) => p.id === generation.body.id);
  });

  it('refuses a turned face with FACE_TURNED, and a player without any face cannot generate', async () => {
    const player = await newPlayer(t.server, t.config);
    const res = await putFace(player, photo('tilted-01.jpg')).expect(400);
    expect(res.body).toEqual({ detail: FACE_CHECK_TEXT.FACE_TURNED, code: 'FACE_TURNED' });
    expect(await storedFaces(player)).toEqual([]);
    const generation = await requestGeneration(t.server, player, { templateId: template.id }).expect(400);
    expect(generation.body).toEqual({ detail: ErrorText.facePhotoRequired });
  });

  it('answers a photo with several faces with the MULTIPLE_FACES notice (the largest is used)', async () => {
    const player = await newPlayer(t.server, t.config);
    const res = await putFace(player, photo('group-06.jpg'));
    expect(res.status).toBe(200);
    expect(res.body.faces.length).toBeGreaterThan(1);
    const widths = (res.body.faces as { width: number }[]).map((face) => face.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(res.body.notice).toEqual({ code: 'MULTIPLE_FACES', detail: FACE_CHECK_TEXT.MULTIPLE_FACES });
  });

  it('refuses a file that is not a JPEG, and a request without the photo', async () => {
    const player = await newPlayer(t.server, t.config);
    const png = await putFace(player, photo('png-portrait-01.png'), 'face.png').expect(400);
    expect(png.body).toEqual({ detail: ErrorText.onlyJpeg });
    const none = await request(t.server).put('/api/v1/users/face/').set(bearer(player)).field('x', '1');
    expect(none.status).toBe(400);
    expect(await storedFaces(player)).toEqual([]);
  });

  describe('choosing the faces of a generation', () => {
    let player: Player;
    beforeAll(async () => {
      player = await newPlayer(t.server, t.config);
      await putFace(player, photo('portrait-05.jpg')).expect(200);
    });

    it('refuses a `faces` field that is neither `all` nor a list of indices, before charging', async () => {
      const before = await me(t.server, player);
      for (const faces of ['some', '[-1]', '[0,0]', '{"a":1}', '[]']) {
        const res = await requestGeneration(t.server, player, { templateId: template.id, faces }).expect(400);
        expect(res.body).toEqual({ detail: ErrorText.faceChoice });
      }
      expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit);
    });

    it('swaps `all` faces, and the chosen index', async () => {
      const socket = await connect(player);
      for (const faces of ['all', '[0]']) {
        const res = await requestGeneration(t.server, player, { templateId: template.id, faces }).expect(201);
        const done = await socket.until('generation:done', (p) => p.id === res.body.id);
        expect(done.meme.templateId).toBe(template.id);
      }
    });

    it('refuses a face index an analysed template does not have (400), before charging', async () => {
      const before = await me(t.server, player);
      expect(template.faces).toHaveLength(1);
      for (const faces of ['[1]', '[0,3]']) {
        const res = await requestGeneration(t.server, player, { templateId: template.id, faces }).expect(400);
        expect(res.body).toEqual({ detail: ErrorText.noSuchFace });
      }
      expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit);
    });

    it('fails a face index a template added before analyses does not have, with a refund', async () => {
      // Its faces are not known to the API: the worker finds them and refuses the index.
      const old = await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Old' });
      const socket = await connect(player);
      const before = await me(t.server, player);
      const res = await requestGeneration(t.server, player, { templateId: old.id, faces: '[3]' }).expect(201);
      expect(await socket.until('generation:failed', (p) => p.id === res.body.id)).toEqual({
        id: res.body.id,
        detail: ErrorText.noSuchFace,
        code: 'NO_SUCH_FACE',
      });
      await socket.until('balance', (b) => b.generationLimit === before.generationLimit);
    });
  });

  describe('a photo sent with a generation', () => {
    it('goes through the same check: refused, nothing is charged and the current face stays', async () => {
      const player = await newPlayer(t.server, t.config);
      await putFace(player, photo('portrait-05.jpg')).expect(200);
      const kept = await storedFaces(player);
      const before = await me(t.server, player);
      const res = await requestGeneration(
        t.server,
        player,
        { templateId: template.id },
        photo('tilted-01.jpg'),
      ).expect(400);
      expect(res.body).toEqual({ detail: FACE_CHECK_TEXT.FACE_TURNED, code: 'FACE_TURNED' });
      expect(await storedFaces(player)).toEqual(kept);
      expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit);
    });

    it('passing, is stored as the current face once the generation is accepted, and says so', async () => {
      const player = await newPlayer(t.server, t.config);
      const socket = await connect(player);
      const res = await requestGeneration(
        t.server,
        player,
        { templateId: template.id },
        photo('group-06.jpg'),
      ).expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        status: 'queued',
        notice: { code: 'MULTIPLE_FACES', detail: FACE_CHECK_TEXT.MULTIPLE_FACES },
      });
      await socket.until('generation:done', (p) => p.id === res.body.id);
      const files = await storedFaces(player);
      expect(files).toEqual([expect.stringMatching(/\.jpg$/), expect.stringMatching(/\.analysis\.json$/)]);
      // The next generation without a photo uses it.
      const next = await requestGeneration(t.server, player, { templateId: template.id }).expect(201);
      const rows: { face_key: string }[] = await t.dataSource.query(
        'SELECT face_key FROM generations WHERE id = ANY($1) ORDER BY created_at',
        [[res.body.id, next.body.id]],
      );
      expect(rows.map((row) => row.face_key)).toEqual([
        `faces/${player.tgId}/${files[0]}`,
        `faces/${player.tgId}/${files[0]}`,
      ]);
      await socket.until('generation:done', (p) => p.id === next.body.id);
    });

    it('a player who is refused (429) keeps no new photo', async () => {
      const player = await newPlayer(t.server, t.config);
      await t.app.get(LedgerService).spendCredits(player.tgId, 3, { reason: 'revoke' });
      // The free generation of the window, then 429.
      await requestGeneration(t.server, player, { templateId: template.id }, photo('portrait-05.jpg')).expect(
        201,
      );
      const kept = await storedFaces(player);
      await requestGeneration(t.server, player, { templateId: template.id }, photo('portrait-04.jpg')).expect(
        429,
      );
      expect(await storedFaces(player)).toEqual(kept);
    });
  });

  describe('templates and own photos: analysed once, their faces listed', () => {
    /** Where a media key's file is. */
    const mediaFile = (key: string) => path.join(t.config.media.dir, key);
    const keyOf = (url: string) => url.replace(/^\/api\/media\//, '');
    const listed = async (player: Player, id: string) =>
      (
        await request(t.server)
          .get('/api/v1/memes/generations/templates/?pageSize=100')
          .set(bearer(player))
          .expect(200)
      ).body.items.find((item: TemplateDto) => item.id === id) as TemplateDto;
    const inside = (face: FaceRect, width: number, height: number) =>
      face.x >= -face.width && face.y >= -face.height && face.x < width && face.y < height && face.width > 0;

    it('a template is analysed when added: its analysis beside it, its faces in the DTO', async () => {
      expect(template.faces).toEqual([
        {
          x: expect.any(Number),
          y: expect.any(Number),
          width: expect.any(Number),
          height: expect.any(Number),
        },
      ]);
      expect(inside(template.faces[0]!, template.width, template.height)).toBe(true);
      await access(mediaFile(analysisKeyOf(keyOf(template.imageUrl))));

      const group = await createTemplate(t.server, admin, photo('group-06.jpg'), { title: 'Team' });
      expect(group.faces.length).toBeGreaterThan(1);
      const widths = group.faces.map((face) => face.width);
      expect(widths).toEqual([...widths].sort((a, b) => b - a));
      const player = await newPlayer(t.server, t.config);
      expect((await listed(player, group.id)).faces).toEqual(group.faces);

      // The second face of the list, as the mini app sends it.
      await putFace(player, photo('portrait-05.jpg')).expect(200);
      const socket = await connect(player);
      const res = await requestGeneration(t.server, player, { templateId: group.id, faces: '[1]' }).expect(
        201,
      );
      const done = await socket.until('generation:done', (p) => p.id === res.body.id);
      expect(done.meme.templateId).toBe(group.id);
    });

    it('refuses a template without a face, keeping none of its files', async () => {
      const templatesDir = path.join(t.config.media.dir, 'templates');
      const before = (await readdir(templatesDir)).sort();
      const res = await request(t.server)
        .post('/api/v1/memes/generations/templates/')
        .set(bearer(admin))
        .field('title', 'A cup')
        .attach('image', photo('noface-02.jpg'), 'cup.jpg')
        .expect(400);
      expect(res.body).toEqual({ detail: ErrorText.noFace });
      expect((await readdir(templatesDir)).sort()).toEqual(before);
    });

    it('lists the faces of an own photo once analysed, and checks indices into them', async () => {
      const player = await newPlayer(t.server, t.config);
      await putFace(player, photo('portrait-05.jpg')).expect(200);
      const base = await uploadMeme(t.server, player, photo('group-06.jpg'));
      const first = await request(t.server)
        .get(`/api/v1/memes/${base.id}/faces/`)
        .set(bearer(player))
        .expect(200);
      const faces = (first.body as MemeFacesDto).faces;
      expect(first.body).toEqual({ width: base.width, height: base.height, faces: expect.any(Array) });
      expect(faces.length).toBeGreaterThan(1);
      await access(mediaFile(analysisKeyOf(keyOf(base.imageUrl))));
      // Kept: the second answer is the same list.
      const again = await request(t.server)
        .get(`/api/v1/memes/${base.id}/faces/`)
        .set(bearer(player))
        .expect(200);
      expect(again.body).toEqual(first.body);

      const before = await me(t.server, player);
      const res = await requestGeneration(t.server, player, {
        memeId: base.id,
        faces: JSON.stringify([faces.length]),
      }).expect(400);
      expect(res.body).toEqual({ detail: ErrorText.noSuchFace });
      expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit);

      // Someone else's unpublished photo is not theirs to look into.
      const other = await newPlayer(t.server, t.config);
      await request(t.server).get(`/api/v1/memes/${base.id}/faces/`).set(bearer(other)).expect(404);
    });

    it('`npm run admin -- templates:analyse` analyses the templates added before analyses', async () => {
      const old = await seedTemplate(t.app, photo('portrait-01.jpg'), { title: 'Added before analyses' });
      const player = await newPlayer(t.server, t.config);
      expect((await listed(player, old.id)).faces).toEqual([]);

      const run = await runAdminCli(['templates:analyse'], {
        DATABASE_URL: t.database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
        BULL_PREFIX: t.config.redis.bullPrefix,
        MEDIA_DIR: t.config.media.dir,
      });
      expect(run).toEqual({
        code: 0,
        output: expect.stringMatching(/Templates analysed: [1-9]\d*, without a face: 0, left: 0\.\n$/),
      });
      expect((await listed(player, old.id)).faces).toHaveLength(1);
      await access(mediaFile(analysisKeyOf(old.imageKey)));
    });
  });
});
