import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { LogLines } from './helpers/log-lines.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// A file of its own: the request logger is one per process, the first app's (errors.e2e-spec.ts logs at error).
describe('the request log', () => {
  let t: TestApp;
  const logs = new LogLines();
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logs });
  });
  afterAll(() => t.close());

  it('logs a 4xx at info with the status, the route and the request id only', async () => {
    await request(t.server)
      .post('/api/v1/auth/refresh-token/?token=abc')
      .set('X-Request-Id', 'refused-7')
      .send({ refreshToken: 'short' })
      .expect(401);
    const ofRequest = () =>
      logs.lines.filter((line) => (line.req as { id?: string } | undefined)?.id === 'refused-7');
    // The line is written once the answer has gone out: wait for it.
    while (ofRequest().length === 0) await new Promise((resolve) => setImmediate(resolve));
    const lines = ofRequest();
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
});
