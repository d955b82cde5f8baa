import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { LogLines } from './helpers/log-lines.js';
import { bearer, newPlayer, photo } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A file of its own: the request logger is one per process, the first app's (errors.e2e-spec.ts logs at error).
describe('the request log', () => {
  let t: TestApp;
  const logs = new LogLines();
  beforeAll(async () => {
    // Room for no upload body at all: every upload is refused as the server being busy.
    t = await createTestApp({ env: { LOG_LEVEL: 'info', UPLOAD_MAX_BUFFERED_BYTES: '1000' }, logs });
  });
  afterAll(() => t.close());
  const linesOf = async (id: string) => {
    const ofRequest = () => logs.lines.filter((line) => (line.req as { id?: string } | undefined)?.id === id);
    // The line is written once the answer has gone out: wait for it.
    while (ofRequest().length === 0) await new Promise((resolve) => setImmediate(resolve));
    return ofRequest();
  };

  it('logs a 4xx at info with the status, the route and the request id only', async () => {
    await request(t.server)
      .post('/api/v1/auth/refresh-token/?token=abc')
      .set('X-Request-Id', 'refused-7')
      .send({ refreshToken: 'short' })
      .expect(401);
    const lines = await linesOf('refused-7');
    expect(lines).toHaveLength(1);
    const { level, req, res } = lines[0]!;
    expect({ level, req, res }).toEqual({
      level: 30,
      req: { id: 'refused-7', method: 'POST', url: '/api/v1/auth/refresh-token/' },
      res: { statusCode: 401 },
    });
    const text = JSON.stringify(lines[0]);
    expect(text.toLowerCase()).not.toContain('content-security-policy');
    expect(text.length).toBeLessThan(400);
  });

  it('logs a refusal as busy (503) at warn with no error or stack: the server did as designed', async () => {
    await t.app.listen(0, '127.0.0.1');
    const player = await newPlayer(t.server, t.config);
    await request(t.server)
      .put('/api/v1/users/face/')
      .set(bearer(player))
      .set('X-Request-Id', 'busy-3')
      .attach('photo', photo('portrait-02.jpg'), 'face.jpg')
      .expect(503);
    const lines = await linesOf('busy-3');
    expect(lines).toHaveLength(1);
    const { level, res, err, error } = lines[0]!;
    expect({ level, res, err, error }).toEqual({
      level: 40,
      res: { statusCode: 503 },
      err: { message: 'failed with status code 503' },
      error: undefined,
    });
  });
});
