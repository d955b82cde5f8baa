import { rm } from 'node:fs/promises';
import path from 'node:path';

import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, GENERATION_QUEUE, type TemplateDto } from '@mememint/contracts';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { bearer, createTemplate, newPlayer, photo, type Player, uploadMeme } from './helpers/memes.js';
import { openSocket, type SocketApp, SocketRecorder } from './helpers/socket-recorder.js';
import { generationsSuite } from './helpers/worker-suites.js';
import { createTestApp } from './helpers/test-app.js';

// Real swaps on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

describe('generations through the queue and a real inference worker', () => {
  const suite = generationsSuite();
  const { connect, me, generate, sockets } = suite;
  let t: SocketApp;
  let admin: Player;
  let template: TemplateDto;
  beforeAll(() => {
    ({ t, admin, template } = suite);
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
