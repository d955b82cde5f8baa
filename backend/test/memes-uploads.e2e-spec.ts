import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type MemeDto } from '@mememint/contracts';
import sharp from 'sharp';
import request from 'supertest';

import { bearer, download, newPlayer, photo, uploadMeme } from './helpers/memes.js';
import type { TestApp } from './helpers/test-app.js';
import { adminAppWithWorker } from './helpers/worker-suites.js';
import { MemesService } from '../src/memes/memes.service.js';

// Apps and the inference worker boot slowly on a shared machine, and uploads of 11 MB take a while.
jest.setTimeout(180_000);

describe('memes, templates and media', () => {
  const suite = adminAppWithWorker();
  let t: TestApp;
  beforeAll(() => {
    ({ t } = suite);
  });

  describe('POST /api/v1/memes/', () => {
    it('stores the photo re-encoded as a base to swap into and serves it with long cache headers', async () => {
      const player = await newPlayer(t.server, t.config);
      const original = photo('portrait-01.jpg');
      const meme = await uploadMeme(t.server, player, original, 'my caption');
      const size = await sharp(original).metadata();
      expect(meme).toMatchObject({
        text: 'my caption',
        isPublished: false,
        generationId: null,
        templateId: null,
        likes: 0,
        width: size.width,
        height: size.height,
        publishedAt: null,
      });

      const image = await download(t.server, meme.imageUrl);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(image.body).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: size.width, height: size.height });
      expect(stored.exif).toBeUndefined();

      const thumbnail = await download(t.server, meme.thumbnailUrl);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const thumb = await sharp(thumbnail.body).metadata();
      expect(Math.max(thumb.width!, thumb.height!)).toBe(512);

      const again = await request(t.server)
        .get(meme.imageUrl)
        .set('If-None-Match', image.headers.etag as string);
      expect(again.status).toBe(304);
    });

    it('applies the EXIF orientation and drops the metadata', async () => {
      const player = await newPlayer(t.server, t.config);
      const upright = photo('portrait-02.jpg');
      const { width, height } = await sharp(upright).metadata();
      // Stored sideways with an orientation tag saying "rotate 90° clockwise to view", as phones do.
      const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
      expect((await sharp(sideways).metadata()).orientation).toBe(6);

      const meme = await uploadMeme(t.server, player, sideways);
      expect([meme.width, meme.height]).toEqual([width, height]);
      const stored = await sharp((await download(t.server, meme.imageUrl)).body).metadata();
      expect([stored.width, stored.height]).toEqual([width, height]);
      expect(stored.orientation).toBeUndefined();
      expect(stored.exif).toBeUndefined();
    });

    it('refuses a PNG, whatever its file name says', async () => {
      const player = await newPlayer(t.server, t.config);
      const res = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .attach('image', photo('png-portrait-01.png'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(res.body).toEqual({ detail: ErrorText.onlyJpeg });
    });

    it('refuses a file of 11 MB with 413 and stores nothing', async () => {
      const player = await newPlayer(t.server, t.config);
      const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
      photo('portrait-01.jpg').copy(big);
      const res = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .attach('image', big, 'big.jpg')
        .expect(413);
      expect(res.body).toEqual({ detail: ErrorText.imageTooLarge });
      const history = await request(t.server).get('/api/v1/memes/').set(bearer(player)).expect(200);
      expect(history.body.total).toBe(0);
    });

    it('refuses an image over 40 megapixels with 413', async () => {
      const player = await newPlayer(t.server, t.config);
      const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#808080' } })
        .jpeg()
        .toBuffer();
      const res = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .attach('image', huge, 'huge.jpg');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ detail: ErrorText.imageTooLarge });
    });

    it('refuses a broken JPEG with the upload error and a missing file with 400', async () => {
      const player = await newPlayer(t.server, t.config);
      const broken = photo('portrait-01.jpg').subarray(0, 2000);
      const res = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .attach('image', broken, 'broken.jpg')
        .expect(400);
      expect(res.body).toEqual({ detail: ErrorText.imageUpload });

      const missing = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .field('text', 'x')
        .expect(400);
      expect(missing.body).toEqual({ detail: 'image is required' });
    });

    it('needs a token', async () => {
      await request(t.server)
        .post('/api/v1/memes/')
        .attach('image', photo('portrait-01.jpg'), 'a.jpg')
        .expect(401);
    });
  });

  describe('GET /api/v1/memes/ and PATCH /api/v1/memes/{id}/', () => {
    it('lists only the player’s memes (swap results, not uploaded bases), newest first, in pages', async () => {
      const player = await newPlayer(t.server, t.config);
      const other = await newPlayer(t.server, t.config);
      // What the generations module leaves on success (the swap itself is covered there).
      const generated = (ownerId: number, text: string) =>
        t.dataSource.transaction((em) =>
          t.app.get(MemesService).createForGeneration(em, {
            ownerId,
            generationId: randomUUID(),
            templateId: null,
            text,
            imageKey: `generations/${randomUUID()}.jpg`,
            thumbnailKey: `generations/${randomUUID()}.thumb.webp`,
            plainImageKey: null,
            width: 512,
            height: 512,
          }),
        );
      const first = await generated(player.tgId, 'first');
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times
      const second = await generated(player.tgId, 'second');
      await uploadMeme(t.server, player, photo('portrait-07.jpg'), 'a base, not a meme');
      await generated(other.tgId, 'someone else');

      const page1 = await request(t.server)
        .get('/api/v1/memes/?page=1&pageSize=1')
        .set(bearer(player))
        .expect(200);
      expect(page1.body).toMatchObject({ page: 1, pageSize: 1, total: 2 });
      expect(page1.body.items.map((m: MemeDto) => m.id)).toEqual([second.id]);
      const page2 = await request(t.server)
        .get('/api/v1/memes/?page=2&pageSize=1')
        .set(bearer(player))
        .expect(200);
      expect(page2.body.items.map((m: MemeDto) => m.id)).toEqual([first.id]);

      await request(t.server).get('/api/v1/memes/?pageSize=1000').set(bearer(player)).expect(400);
    });

    it('lets only the owner edit, and publishing needs an original caption', async () => {
      const alice = await newPlayer(t.server, t.config);
      const bob = await newPlayer(t.server, t.config);
      const caption = `When the build is green ${alice.tgId}`;
      const mine = await uploadMeme(t.server, alice, photo('portrait-09.jpg'), caption);
      const theirs = await uploadMeme(t.server, bob, photo('portrait-11.jpg'), 'draft');

      await request(t.server)
        .patch(`/api/v1/memes/${theirs.id}/`)
        .set(bearer(alice))
        .send({ text: 'mine' })
        .expect(404);
      await request(t.server)
        .patch('/api/v1/memes/not-a-uuid/')
        .set(bearer(alice))
        .send({ text: 'x' })
        .expect(404);

      const published = await request(t.server)
        .patch(`/api/v1/memes/${mine.id}/`)
        .set(bearer(alice))
        .send({ isPublished: true })
        .expect(200);
      expect(published.body).toMatchObject({ id: mine.id, isPublished: true, text: caption });
      expect(published.body.publishedAt).toEqual(expect.any(String));

      // The same caption in other case and punctuation is not original.
      const copy = `  when THE build, is green!! ${alice.tgId}`;
      await request(t.server)
        .patch(`/api/v1/memes/${theirs.id}/`)
        .set(bearer(bob))
        .send({ text: copy })
        .expect(200);
      const refused = await request(t.server)
        .patch(`/api/v1/memes/${theirs.id}/`)
        .set(bearer(bob))
        .send({ isPublished: true })
        .expect(400);
      expect(refused.body).toEqual({ detail: ErrorText.originalText });
      // Nor is it with invisible characters inside its words or lookalike letters of another script.
      for (const disguised of [
        `When the bu\u200bild is green ${alice.tgId}`,
        `When the bu\u034fild is gr\u00adeen ${alice.tgId}`,
        `Whеn thе build is grееn ${alice.tgId}`,
        `WHEN THE ВUILD IS GREEN ${alice.tgId}`,
      ]) {
        const answer = await request(t.server)
          .patch(`/api/v1/memes/${theirs.id}/`)
          .set(bearer(bob))
          .send({ text: disguised, isPublished: true })
          .expect(400);
        expect(answer.body).toEqual({ detail: ErrorText.originalText });
      }
      const ownText = await request(t.server)
        .patch(`/api/v1/memes/${theirs.id}/`)
        .set(bearer(bob))
        .send({ text: `My own words ${bob.tgId}`, isPublished: true })
        .expect(200);
      expect(ownText.body).toMatchObject({ isPublished: true, text: `My own words ${bob.tgId}` });

      const invalid = await request(t.server)
        .patch(`/api/v1/memes/${mine.id}/`)
        .set(bearer(alice))
        .send({ isPublished: 'yes' })
        .expect(400);
      expect(invalid.body.detail).toContain('isPublished');
    });

    it('of two players publishing one caption at once, exactly one succeeds', async () => {
      const players = await Promise.all([newPlayer(t.server, t.config), newPlayer(t.server, t.config)]);
      const caption = `Race ${players[0].tgId}`;
      const memes = await Promise.all(
        players.map((p) => uploadMeme(t.server, p, photo('portrait-13.jpg'), caption)),
      );
      const answers = await Promise.all(
        players.map((p, i) =>
          request(t.server)
            .patch(`/api/v1/memes/${memes[i]!.id}/`)
            .set(bearer(p))
            .send({ isPublished: true }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    });
  });

  it('documents the endpoints, their multipart forms and answers in /api/docs', async () => {
    const { body } = await request(t.server).get('/api/docs-json').expect(200);
    const paths = body.paths as Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/memes',
        '/api/v1/memes/{id}',
        '/api/v1/memes/generations',
        '/api/v1/memes/generations/{id}/status',
        '/api/v1/memes/generations/{id}/rate',
        '/api/v1/memes/generations/templates',
        '/api/media/{key}',
      ]),
    );
    const form = (path: string) =>
      (paths[path]!.post!.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content[
        'multipart/form-data'
      ]!.schema.$ref.split('/').pop()!;
    const schemas = body.components.schemas as Record<
      string,
      { properties: Record<string, { format?: string }> }
    >;
    expect(schemas[form('/api/v1/memes/generations')]!.properties).toMatchObject({
      photo: { format: 'binary' },
      templateId: { format: 'uuid' },
      memeId: { format: 'uuid' },
    });
    expect(schemas[form('/api/v1/memes')]!.properties.image).toMatchObject({ format: 'binary' });
    expect(schemas[form('/api/v1/memes/generations/templates')]!.properties.image).toMatchObject({
      format: 'binary',
    });
    expect(Object.keys(paths['/api/v1/memes/generations/{id}/status']!.get!.responses)).toContain('200');
  });

  describe('GET /api/media/…', () => {
    it('serves no player faces, unknown keys or paths outside the media folders', async () => {
      for (const url of [
        '/api/media/faces/1/x.jpg',
        '/api/media/memes/none.jpg',
        '/api/media/memes/..%2F..%2Fpackage.json',
        '/api/media/templates/x.txt',
      ]) {
        expect((await request(t.server).get(url)).status).toBe(404);
      }
    });
  });
});
