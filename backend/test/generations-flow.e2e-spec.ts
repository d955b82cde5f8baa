import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { GENERATION_STAGES, type MemeDto, type TemplateDto } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';
import sharp from 'sharp';
import request from 'supertest';

import { bearer, download, newPlayer, photo, type Player, uploadMeme } from './helpers/memes.js';
import type { SocketApp } from './helpers/socket-recorder.js';
import { generationsSuite } from './helpers/worker-suites.js';

// Real swaps on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

describe('generations through the queue and a real inference worker', () => {
  const suite = generationsSuite();
  const { connect, me, generate } = suite;
  let t: SocketApp;
  let template: TemplateDto;
  beforeAll(() => {
    ({ t, template } = suite);
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
});
