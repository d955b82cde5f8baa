import { rm } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  ErrorText,
  GENERATION_QUEUE,
  GENERATION_STAGES,
  type MemeDto,
  type TemplateDto,
} from '@mememint/contracts';
import { getQueueToken } from '@nestjs/bull';
import { MediaStore } from '@mememint/media';
import type { Queue } from 'bull';
import sharp from 'sharp';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import {
  bearer,
  createTemplate,
  download,
  me as profile,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  uploadMeme,
} from './helpers/memes.js';
import { openSocket, SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Real swaps on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

describe('generations through the queue and a real inference worker', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  let admin: Player;
  let template: TemplateDto;
  const adminTgId = newTgId();
  const sockets: SocketRecorder[] = [];

  const connect = async (player: Player) => {
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);
    return socket;
  };
  const me = (player: Player) => profile(t.server, player);
  const generate = (player: Player, fields: Record<string, string>, face?: Buffer) =>
    requestGeneration(t.server, player, fields, face);

  beforeAll(async () => {
    // Retries of a failing job 100 ms apart (exponential), so exhausting them takes a moment.
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId), GENERATION_JOB_BACKOFF_MS: '100' } });
    await t.app.listen(0, '127.0.0.1');
    worker = await startInferenceWorker(t.config);
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
    template = await createTemplate(t.server, admin, photo('portrait-07.jpg'), {
      title: 'Studio',
      caption: 'Top text\nBottom text',
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await worker?.stop();
    await t?.close();
  });

  describe('a referred player’s first generation', () => {
    let inviter: Player;
    let friend: Player;
    let firstMeme: MemeDto;

    beforeAll(async () => {
      inviter = await newPlayer(t.server, t.config);
      friend = await newPlayer(t.server, t.config, { startParam: `ref_${inviter.tgId}` });
    });

    it('goes upload → queued → progress in stage order → done, and the meme is in the history', async () => {
      const socket = await connect(friend);
      const inviterSocket = await connect(inviter);

      const res = await generate(friend, { templateId: template.id }, photo('portrait-02.jpg')).expect(201);
      expect(res.body).toEqual({ id: expect.any(String), status: 'queued' });
      const id = res.body.id as string;

      const done = await socket.until('generation:done', (p) => p.id === id);
      const progress = socket.of('generation:progress', id);
      expect(progress.length).toBeGreaterThanOrEqual(3);
      const stageOrder = progress.map((p) => GENERATION_STAGES.indexOf(p.stage));
      expect(stageOrder).toEqual([...stageOrder].sort((a, b) => a - b));
      expect(new Set(stageOrder).size).toBe(stageOrder.length);
      const percents = progress.map((p) => p.progress);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(progress.map((p) => p.stage)).toEqual(expect.arrayContaining(['detect', 'swap']));
      // Every progress event came before the done event.
      const names = socket.events.filter((e) => (e.payload as { id?: string }).id === id).map((e) => e.event);
      expect(names.at(-1)).toBe('generation:done');
      expect(names.filter((name) => name === 'generation:done')).toHaveLength(1);
      expect(socket.of('balance')[0]).toMatchObject({ generationLimit: 2 });

      firstMeme = done.meme;
      expect(firstMeme).toMatchObject({
        generationId: id,
        templateId: template.id,
        text: 'Top text\nBottom text',
        width: template.width,
        height: template.height,
        isPublished: false,
      });

      const status = await request(t.server)
        .get(`/api/v1/memes/generations/${id}/status/`)
        .set(bearer(friend))
        .expect(200);
      // The template has one face: that one was swapped.
      expect(firstMeme.faceIndexes).toEqual([0]);
      expect(status.body).toEqual({
        id,
        status: 'done',
        progress: 100,
        stage: 'done',
        meme: firstMeme,
        faceIndexes: [0],
      });

      const history = await request(t.server).get('/api/v1/memes/').set(bearer(friend)).expect(200);
      expect(history.body.items[0]).toEqual(firstMeme);

      const image = await download(t.server, firstMeme.imageUrl);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const result = await sharp(image.body).metadata();
      expect(result).toMatchObject({ format: 'jpeg', width: template.width, height: template.height });
      expect((await download(t.server, firstMeme.thumbnailUrl)).headers['content-type']).toBe('image/webp');

      expect(await me(friend)).toMatchObject({ generationLimit: 2, generationsCount: 1 });
      // GAME.md "Referrals": the inviter gets 500 coins and a credit, pushed on their socket.
      expect(await me(inviter)).toMatchObject({
        memeCoins: 500,
        generationLimit: 4,
        friendsGenerated: 1,
        referalCoins: 500,
      });
      expect(await inviterSocket.until('balance')).toMatchObject({ memeCoins: 500, generationLimit: 4 });
    });

    it('a later generation reuses the stored face and pays the inviter nothing more', async () => {
      const socket = await connect(friend);
      const base = await uploadMeme(t.server, friend, photo('portrait-04.jpg'), 'my base');
      const res = await generate(friend, { memeId: base.id, text: 'Own words' }).expect(201);
      const done = await socket.until('generation:done', (p) => p.id === res.body.id);
      expect(done.meme).toMatchObject({
        templateId: null,
        text: 'Own words',
        width: base.width,
        height: base.height,
      });
      expect(await me(friend)).toMatchObject({ generationLimit: 1, generationsCount: 2 });
      expect(await me(inviter)).toMatchObject({ memeCoins: 500, generationLimit: 4, friendsGenerated: 1 });

      // GAME.md "What is a meme": the uploaded base is not one; the history counts agree with the profile.
      const history = await request(t.server).get('/api/v1/memes/').set(bearer(friend)).expect(200);
      expect(history.body.total).toBe(2);
      expect(history.body.items.map((m: MemeDto) => m.id)).toEqual([done.meme.id, firstMeme.id]);
    });

    it('a new caption is drawn again on the caption-less result: a new picture, also in the history', async () => {
      /** Mean difference per channel of two pictures over a band of rows (fractions of the height). */
      const bandDifference = async (a: Buffer, b: Buffer, from: number, to: number) => {
        const rows = async (image: Buffer) => {
          const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
          const row = info.width * info.channels;
          return data.subarray(Math.round(info.height * from) * row, Math.round(info.height * to) * row);
        };
        const [x, y] = await Promise.all([rows(a), rows(b)]);
        let sum = 0;
        for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
        return sum / x.length;
      };
      const before = (await download(t.server, firstMeme.imageUrl)).body as Buffer;

      const edited = await request(t.server)
        .patch(`/api/v1/memes/${firstMeme.id}/`)
        .set(bearer(friend))
        .send({ text: 'A brand new caption' })
        .expect(200);
      expect(edited.body).toMatchObject({ id: firstMeme.id, text: 'A brand new caption' });
      expect(edited.body.imageUrl).not.toBe(firstMeme.imageUrl);
      const after = await download(t.server, edited.body.imageUrl);
      expect(after.headers['content-type']).toBe('image/jpeg');
      const afterBytes = after.body as Buffer;
      expect(afterBytes.equals(before)).toBe(false);
      // The old top line is gone (drawn on the caption-less result, not over the old picture), the new
      // caption is at the bottom, and the face between them is the same picture.
      expect(await bandDifference(before, afterBytes, 0, 0.2)).toBeGreaterThan(3);
      expect(await bandDifference(before, afterBytes, 0.8, 1)).toBeGreaterThan(3);
      expect(await bandDifference(before, afterBytes, 0.35, 0.65)).toBeLessThan(1.5);

      const history = await request(t.server).get('/api/v1/memes/').set(bearer(friend)).expect(200);
      expect(history.body.items.find((m: MemeDto) => m.id === firstMeme.id)).toEqual(edited.body);

      // Issue 28 #5/#10: the superseded version leaves the store; the caption-less original and the
      // faces' mask stay in the store for the backend but are never served.
      for (const url of [firstMeme.imageUrl, firstMeme.thumbnailUrl])
        expect((await download(t.server, url)).status).toBe(404);
      const [row] = await t.dataSource.query(
        `SELECT plain_image_key, generation_id FROM memes WHERE id = $1`,
        [firstMeme.id],
      );
      const privateKeys = [row.plain_image_key as string, `generations/${row.generation_id}.mask.png`];
      for (const key of privateKeys) {
        expect(await t.app.get(MediaStore).stat(key)).not.toBeNull();
        expect((await download(t.server, `/api/media/${key}`)).status).toBe(404);
      }

      // The same text again draws nothing; no text leaves the picture without a caption.
      const same = await request(t.server)
        .patch(`/api/v1/memes/${firstMeme.id}/`)
        .set(bearer(friend))
        .send({ text: 'A brand new caption' })
        .expect(200);
      expect(same.body.imageUrl).toBe(edited.body.imageUrl);
      const cleared = await request(t.server)
        .patch(`/api/v1/memes/${firstMeme.id}/`)
        .set(bearer(friend))
        .send({ text: '' })
        .expect(200);
      expect(cleared.body.text).toBeNull();
      for (const url of [edited.body.imageUrl, edited.body.thumbnailUrl])
        expect((await download(t.server, url)).status).toBe(404);
      const plain = (await download(t.server, cleared.body.imageUrl)).body as Buffer;
      expect(await bandDifference(afterBytes, plain, 0.8, 1)).toBeGreaterThan(3);
      expect(await bandDifference(afterBytes, plain, 0.35, 0.65)).toBeLessThan(1.5);
    });

    it('only its owner sees, and rates, a generation', async () => {
      const stranger = await newPlayer(t.server, t.config);
      const id = firstMeme.generationId!;
      await request(t.server)
        .get(`/api/v1/memes/generations/${id}/status/`)
        .set(bearer(stranger))
        .expect(404);
      await request(t.server)
        .post(`/api/v1/memes/generations/${id}/rate/?value=5`)
        .set(bearer(stranger))
        .expect(404);
      await request(t.server)
        .get('/api/v1/memes/generations/not-a-uuid/status/')
        .set(bearer(friend))
        .expect(404);

      const rated = await request(t.server)
        .post(`/api/v1/memes/generations/${id}/rate/?value=4`)
        .set(bearer(friend))
        .expect(200);
      expect(rated.body).toEqual({ id, rating: 4 });
      for (const value of ['0', '6', 'great']) {
        await request(t.server)
          .post(`/api/v1/memes/generations/${id}/rate/?value=${value}`)
          .set(bearer(friend))
          .expect(400);
      }
    });
  });

  it('a face photo without a face is refused with its advice before anything is charged', async () => {
    const player = await newPlayer(t.server, t.config);
    const res = await generate(player, { templateId: template.id }, photo('noface-02.jpg')).expect(400);
    expect(res.body).toEqual({ detail: ErrorText.noFace, code: 'NO_FACE' });
    expect(await me(player)).toMatchObject({ generationLimit: 3, generationsCount: 0 });
    const rows: unknown[] = await t.dataSource.query('SELECT id FROM generations WHERE user_id = $1', [
      player.tgId,
    ]);
    expect(rows).toEqual([]);
  });

  it('a picture to swap into without a face fails naming that picture and refunds the credit once', async () => {
    const player = await newPlayer(t.server, t.config);
    const socket = await connect(player);
    // The player's own photo as the meme base: no face in it (only face photos are checked on upload).
    const base = await uploadMeme(t.server, player, photo('noface-02.jpg'));
    const res = await generate(player, { memeId: base.id }, photo('portrait-05.jpg')).expect(201);
    const id = res.body.id as string;

    expect(await socket.until('generation:failed', (p) => p.id === id)).toEqual({
      id,
      detail: ErrorText.noTargetFace,
      code: 'NO_TARGET_FACE',
    });
    const balances = await socket.until('balance', (b) => b.generationLimit === 3);
    expect(balances.generationLimit).toBe(3);
    expect(socket.of('generation:done', id)).toEqual([]);

    const status = await request(t.server)
      .get(`/api/v1/memes/generations/${id}/status/`)
      .set(bearer(player))
      .expect(200);
    expect(status.body).toMatchObject({
      id,
      status: 'failed',
      error: ErrorText.noTargetFace,
      errorCode: 'NO_TARGET_FACE',
    });
    expect(status.body.meme).toBeUndefined();
    expect(await me(player)).toMatchObject({ generationLimit: 3, generationsCount: 0 });
    const rows: { reason: string; delta: number }[] = await t.dataSource.query(
      `SELECT reason, delta FROM ledger_entries WHERE user_id = $1 AND kind = 'credits' ORDER BY id`,
      [player.tgId],
    );
    expect(rows).toEqual([
      { reason: 'opening', delta: 3 },
      { reason: 'generation', delta: -1 },
      { reason: 'generation-refund', delta: 1 },
    ]);
    expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
    await request(t.server)
      .post(`/api/v1/memes/generations/${id}/rate/?value=3`)
      .set(bearer(player))
      .expect(400);
  });

  it('a job that keeps failing is retried, then fails the generation and refunds it', async () => {
    const player = await newPlayer(t.server, t.config);
    const socket = await connect(player);
    const first = await generate(player, { templateId: template.id }, photo('portrait-02.jpg')).expect(201);
    await socket.until('generation:done', (p) => p.id === first.body.id);
    // The stored face disappears from media storage: every attempt of the next job fails reading it.
    const [face]: { face_key: string }[] = await t.dataSource.query(
      'SELECT face_key FROM player_faces WHERE user_id = $1',
      [player.tgId],
    );
    await rm(path.join(t.config.media.dir, face!.face_key));

    const res = await generate(player, { templateId: template.id }).expect(201);
    const id = res.body.id as string;
    expect(await socket.until('generation:failed', (p) => p.id === id)).toEqual({
      id,
      detail: ErrorText.imageUpload,
    });
    const job = await t.app.get<Queue>(getQueueToken(GENERATION_QUEUE)).getJob(id);
    expect(job!.attemptsMade).toBe(t.config.generation.jobAttempts);
    expect(await socket.until('balance', (b) => b.generationLimit === 2)).toMatchObject({
      generationLimit: 2,
    });
    expect(await me(player)).toMatchObject({ generationLimit: 2, generationsCount: 1 });
  });

  describe('requests refused before anything is charged', () => {
    it('PNG → 400, 11 MB → 413, no face stored and none given → 400', async () => {
      const player = await newPlayer(t.server, t.config);
      const png = await generate(player, { templateId: template.id })
        .attach('photo', photo('png-portrait-01.png'), 'face.jpg')
        .expect(400);
      expect(png.body).toEqual({ detail: ErrorText.onlyJpeg });

      const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
      photo('portrait-02.jpg').copy(big);
      const tooBig = await generate(player, { templateId: template.id }, big).expect(413);
      expect(tooBig.body).toEqual({ detail: ErrorText.imageTooLarge });

      const noFace = await generate(player, { templateId: template.id }).expect(400);
      expect(noFace.body).toEqual({ detail: ErrorText.facePhotoRequired });
      expect(await me(player)).toMatchObject({ generationLimit: 3 });
    });

    it('a premium template without a boost → 402 with the hint', async () => {
      const premium = await createTemplate(t.server, admin, photo('portrait-01.jpg'), {
        title: 'Premium',
        isPremium: 'true',
      });
      const player = await newPlayer(t.server, t.config);
      const res = await generate(player, { templateId: premium.id }, photo('portrait-02.jpg')).expect(402);
      expect(res.body).toEqual({ detail: ErrorText.paymentRequired, hint: ErrorText.paymentRequiredHint });
      expect(await me(player)).toMatchObject({ generationLimit: 3 });
    });

    it('a target must be named once and exist', async () => {
      const player = await newPlayer(t.server, t.config);
      const other = await newPlayer(t.server, t.config);
      const theirs = await uploadMeme(t.server, other, photo('portrait-08.jpg'));
      const face = photo('portrait-02.jpg');
      await generate(player, {}, face).expect(400);
      await generate(player, { templateId: template.id, memeId: theirs.id }, face).expect(400);
      await generate(player, { templateId: 'nope' }, face).expect(400);
      await generate(player, { templateId: '6d0f8a8e-2f6c-4b8e-9a55-3c1f3f0f5b7a' }, face).expect(404);
      // Someone else's unpublished meme is not a target.
      await generate(player, { memeId: theirs.id }, face).expect(404);
      expect(await me(player)).toMatchObject({ generationLimit: 3 });
    });
  });

  it('reaches a player connected to another backend replica, once per event', async () => {
    const replica = await createTestApp({
      replicaOf: t,
    });
    try {
      await replica.app.listen(0, '127.0.0.1');
      const player = await newPlayer(t.server, t.config);
      const socket = await SocketRecorder.connect(replica.server, player.token);
      sockets.push(socket);
      const res = await generate(player, { templateId: template.id }, photo('portrait-02.jpg')).expect(201);
      const id = res.body.id as string;
      await socket.until('generation:done', (p) => p.id === id);
      // Both replicas hear the queue; each report is applied, and pushed, by one of them.
      expect(socket.of('generation:done', id)).toHaveLength(1);
      const stages = socket.of('generation:progress', id).map((p) => p.stage);
      expect(new Set(stages).size).toBe(stages.length);
      expect(socket.of('balance')).toEqual([expect.objectContaining({ generationLimit: 2 })]);
    } finally {
      // Only the app: its database and Redis keys belong to the main app.
      await replica.app.close();
    }
  });

  describe('the socket', () => {
    it('refuses a handshake without a valid token', async () => {
      for (const token of [undefined, 'not-a-jwt']) {
        const socket = openSocket(t.server, token);
        const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
        expect(error.message).toMatch(/Authentication credentials were not provided|invalid or expired/);
        socket.close();
      }
    });

    it('answers ping', async () => {
      const socket = await connect(await newPlayer(t.server, t.config));
      const reply = await socket.socket.emitWithAck('ping');
      expect(new Date(reply.now).getTime()).not.toBeNaN();
    });
  });
});
