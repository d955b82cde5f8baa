import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { bearer, newPlayer, photo, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

const BOUNDARY = 'mememint-upload-fairness';

interface Answer {
  status: number;
  body: string;
}

/**
 * `POST /api/v1/memes/` with `image` whose body the test sends by hand: `send(bytes)` writes more of
 * it, `end()` the rest; `answer` resolves with the response (whenever the server gives it).
 */
function openUpload(port: number, player: Player, image: Buffer, name = 'upload') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Buffer.concat([head, image, tail]);
  let sent = 0;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/memes/',
    agent: false,
    headers: {
      ...bearer(player),
      'x-test-upload': name,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': body.length,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once('error', reject);
  });
  answer.catch(() => undefined);
  return {
    answer,
    length: body.length,
    /** Sends the next `bytes` of the body (at most what is left). */
    send(bytes: number): Promise<void> {
      const chunk = body.subarray(sent, Math.min(body.length, sent + bytes));
      sent += chunk.length;
      return new Promise((resolve) => req.write(chunk, () => resolve()));
    },
    end(): void {
      req.end(body.subarray(sent));
      sent = body.length;
    },
  };
}

/** Resolves once the server streams the body of the upload named `name` (its guards have passed). */
async function streamed(server: Server, name: string): Promise<void> {
  const req = await new Promise<IncomingMessage>((resolve) => {
    const onRequest = (incoming: IncomingMessage) => {
      if (incoming.headers['x-test-upload'] !== name) return;
      server.off('request', onRequest);
      resolve(incoming);
    };
    server.on('request', onRequest);
  });
  while (req.readableFlowing !== true) await new Promise((resolve) => setImmediate(resolve));
}

describe('uploads: one slow body delays nobody', () => {
  let t: TestApp;
  let port: number;
  let player: Player;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        UPLOAD_MAX_CONCURRENT: '1',
        UPLOAD_MIN_BYTES_PER_SECOND: '1000',
        RATE_LIMIT_UPLOADS_PER_PLAYER: '3',
        FACE_ANALYSIS_TIMEOUT_MS: '100',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    port = (t.server.address() as AddressInfo).port;
    player = await newPlayer(t.server, t.config);
  });
  afterAll(() => t.close());

  it('a fast upload completes while a slow one is mid-body, and then the slow one completes too', async () => {
    const image = photo('portrait-02.jpg');
    const other = await newPlayer(t.server, t.config);
    const reading = streamed(t.server, 'slow');
    const slow = openUpload(port, other, image, 'slow');
    await slow.send(slow.length / 2);
    // The server reads the slow body (multer streams it) before the fast upload comes.
    await reading;

    // The only upload slot of the process is not held by a body still arriving.
    const fast = openUpload(port, player, image);
    fast.end();
    expect((await fast.answer).status).toBe(201);

    slow.end();
    expect((await slow.answer).status).toBe(201);
  });

  it('a body slower than UPLOAD_MIN_BYTES_PER_SECOND is cut off with 408', async () => {
    const other = await newPlayer(t.server, t.config);
    const slow = openUpload(port, other, photo('portrait-02.jpg'));
    let answered = false;
    void slow.answer.then(() => (answered = true));
    // A trickle: 100 bytes at a time, each after the server has taken the last (far below 1000/s).
    const trickle = (async () => {
      while (!answered) {
        await slow.send(100).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const answer = await slow.answer;
    await trickle;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The upload was too slow' });
  });

  it('refuses a JPEG whose coded data ends before the size it declares (400), nothing stored', async () => {
    const full = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: { r: 120, g: 130, b: 140 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    // The headers, a few bytes of the scan, then the end-of-image marker: libjpeg only warns.
    const scanStart = full.indexOf(Buffer.from([0xff, 0xda]));
    const truncated = Buffer.concat([full.subarray(0, scanStart + 20), Buffer.from([0xff, 0xd9])]);
    const other = await newPlayer(t.server, t.config);
    const res = await request(t.server)
      .post('/api/v1/memes/')
      .set(bearer(other))
      .attach('image', truncated, 'photo.jpg')
      .expect(400);
    expect(res.body).toEqual({ detail: 'Error of image uploading' });
    const [{ memes }] = await t.dataSource.query(
      `SELECT count(*)::int AS memes FROM memes WHERE owner_id = $1`,
      [other.tgId],
    );
    expect(memes).toBe(0);
    // The whole picture is still welcome.
    await request(t.server)
      .post('/api/v1/memes/')
      .set(bearer(other))
      .attach('image', full, 'photo.jpg')
      .expect(201);
  });

  it('limits face checks per player like every upload (RATE_LIMIT_UPLOADS_PER_PLAYER)', async () => {
    const checker = await newPlayer(t.server, t.config);
    const check = () =>
      request(t.server)
        .put('/api/v1/users/face/')
        .set(bearer(checker))
        .attach('photo', photo('portrait-02.jpg'), 'photo.jpg');
    // No worker runs here: each allowed check ends unanswered (503).
    for (let i = 0; i < 3; i++) expect((await check()).status).toBe(503);
    const refused = await check().expect(429);
    expect(refused.body).toMatchObject({ retryAfter: expect.any(Number) });
  });
});

describe('uploads: the bodies a process holds at once', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    const length = photo('portrait-02.jpg').length;
    // Room for one body, not two.
    t = await createTestApp({ env: { UPLOAD_MAX_BUFFERED_BYTES: String(Math.round(length * 1.5)) } });
    await t.app.listen(0, '127.0.0.1');
    port = (t.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('an upload past UPLOAD_MAX_BUFFERED_BYTES answers 503 with retryAfter, and is welcome once there is room', async () => {
    const [first, second] = await Promise.all([newPlayer(t.server, t.config), newPlayer(t.server, t.config)]);
    const image = photo('portrait-02.jpg');
    const reading = streamed(t.server, 'holding');
    const holding = openUpload(port, first, image, 'holding');
    await holding.send(1000);
    await reading;

    const refused = openUpload(port, second, image);
    refused.end();
    const answer = await refused.answer;
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ retryAfter: expect.any(Number) });

    holding.end();
    expect((await holding.answer).status).toBe(201);
    const again = openUpload(port, second, image);
    again.end();
    expect((await again.answer).status).toBe(201);
  });
});
