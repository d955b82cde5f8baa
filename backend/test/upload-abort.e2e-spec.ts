import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { newPlayer, photo, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The app's log, one parsed JSON object per line; resolves waiters as lines come. */
class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n')) if (line) this.lines.push(JSON.parse(line));
    for (const wake of this.waiters.splice(0)) wake();
    done();
  }

  async until(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }
}

/**
 * Sends the head of a multipart upload (headers, the file part's start and a part of the photo), then
 * disconnects, as a phone losing its connection mid-upload does.
 */
async function abortedUpload(
  port: number,
  path: string,
  player: Player,
  requestId: string,
  { pauseMs = 0 } = {},
): Promise<void> {
  const boundary = 'mememint-abort-test';
  const image = photo('portrait-02.jpg');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${player.token}\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + image.length + tail.length}\r\n\r\n`,
  );
  socket.write(head);
  await new Promise<void>((resolve) => socket.write(image.subarray(0, image.length >> 1), () => resolve()));
  // With a pause the server is reading the body when the client goes; without, it may not have started.
  if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  socket.destroy();
}

describe('an upload the client abandons half way', () => {
  let t: TestApp;
  let player: Player;
  const logs = new LogLines();
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info', UPLOAD_MAX_CONCURRENT: '1' }, logs });
    await t.app.listen(0, '127.0.0.1');
    player = await newPlayer(t.server, t.config);
  });
  afterAll(() => t.close());

  it('is not a 500: no error line is logged, its upload slot comes back, the next upload is served', async () => {
    const { port } = t.server.address() as AddressInfo;
    // Gone before its upload started (multer used to wait for the rest of that body forever, holding
    // the upload slot), and gone while multer reads the body (multer's "Request aborted" was a 500).
    await abortedUpload(port, '/api/v1/memes/', player, 'aborted-upload-1');
    await abortedUpload(port, '/api/v1/memes/', player, 'aborted-upload-2', { pauseMs: 500 });
    for (const id of ['aborted-upload-1', 'aborted-upload-2'])
      await logs.until((line) => (line.req as { id?: string } | undefined)?.id === id);
    // One upload slot: the next upload starts once the aborted one has been handled to its end (its
    // slot given back), and it is served.
    await request(t.server)
      .post('/api/v1/memes/')
      .set('Authorization', `Bearer ${player.token}`)
      .attach('image', photo('portrait-02.jpg'), 'photo.jpg')
      .expect(201);
    // The exception filter's "Unhandled error" line and a logged 500 are both errors (50).
    expect(logs.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    const aborted = logs.lines.filter((line) =>
      ['aborted-upload-1', 'aborted-upload-2'].includes((line.req as { id?: string } | undefined)?.id ?? ''),
    );
    for (const line of aborted)
      expect((line.res as { statusCode: number | null }).statusCode ?? 0).toBeLessThan(500);
  });
});
