import { existsSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startS3TestServer, type S3TestServer } from '@mememint/media/testing';
import request from 'supertest';

import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import {
  bearer,
  createTemplate,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  uploadMeme,
} from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A real analysis and swap by the worker on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

/**
 * MEDIA_STORE=s3 end to end: the API and the real inference worker share a bucket (s3rver, started
 * here) instead of a directory; images are uploaded into it, the worker reads and writes there, and
 * `/api/media/…` sends clients to the bucket through presigned URLs.
 */
describe('media in an S3-compatible bucket (MEDIA_STORE=s3)', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let worker: WorkerProcess;
  let admin: Player;
  const adminTgId = newTgId();
  const sockets: SocketRecorder[] = [];

  /** What a browser does with a media URL: follows the API's redirect to the bucket. */
  async function load(url: string) {
    const redirect = await request(t.server).get(url).expect(302);
    expect(redirect.headers['cache-control']).toBe('private, max-age=1800');
    const location = redirect.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Signature')).toBeTruthy();
    const response = await fetch(location);
    expect(response.status).toBe(200);
    return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  }

  beforeAll(async () => {
    s3 = await startS3TestServer();
    t = await createTestApp({ env: { ...s3.env, ADMIN_TG_IDS: String(adminTgId) } });
    await t.app.listen(0, '127.0.0.1');
    worker = await startInferenceWorker(t.config, s3.env);
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await worker?.stop();
    await t?.close();
    await s3?.close();
  });

  it('stores an uploaded meme in the bucket and serves it from there', async () => {
    const player = await newPlayer(t.server, t.config);
    const meme = await uploadMeme(t.server, player, photo('portrait-07.jpg'), 'in the bucket');
    const keys = await s3.keys();
    expect(keys).toContain(meme.imageUrl.replace('/api/media/', ''));
    expect(keys).toContain(meme.thumbnailUrl.replace('/api/media/', ''));

    const image = await load(meme.imageUrl);
    expect(image.type).toBe('image/jpeg');
    expect(image.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await load(meme.thumbnailUrl)).type).toBe('image/webp');
    // Nothing went to the directory store.
    expect(existsSync(t.config.media.dir)).toBe(false);
  });

  it('keeps the checks: player faces are never served, unknown keys answer 404', async () => {
    const player = await newPlayer(t.server, t.config);
    await request(t.server)
      .put('/api/v1/users/face/')
      .set(bearer(player))
      .attach('photo', photo('portrait-05.jpg'), 'face.jpg')
      .expect(200);
    const faces = (await s3.keys()).filter((key) => key.startsWith(`faces/${player.tgId}/`));
    expect(faces).toHaveLength(2);
    expect(faces[1]).toBe(`${faces[0]}.analysis.json`);

    await request(t.server).get(`/api/media/${faces[0]}`).expect(404);
    await request(t.server).get('/api/media/generations/none.jpg').expect(404);
    await request(t.server).get('/api/media/templates/x.txt').expect(404);
  });

  it('generates through the bucket: the worker reads the face and template there and stores the meme', async () => {
    const template = await createTemplate(t.server, admin, photo('portrait-07.jpg'), { title: 'Bucket' });
    const player = await newPlayer(t.server, t.config);
    await request(t.server)
      .put('/api/v1/users/face/')
      .set(bearer(player))
      .attach('photo', photo('portrait-05.jpg'), 'face.jpg')
      .expect(200);
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);

    const generation = await requestGeneration(t.server, player, { templateId: template.id }).expect(201);
    const done = await socket.until('generation:done', (p) => p.id === generation.body.id);
    const keys = await s3.keys();
    expect(keys).toContain(done.meme.imageUrl.replace('/api/media/', ''));
    expect(keys).toContain(done.meme.thumbnailUrl.replace('/api/media/', ''));

    const result = await load(done.meme.imageUrl);
    expect(result.type).toBe('image/jpeg');
    expect(result.bytes.length).toBeGreaterThan(10_000);
    expect((await load(template.imageUrl)).type).toBe('image/jpeg');
  });
});
