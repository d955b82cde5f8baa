import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { workerHealthPort } from '../../scripts/lib/worker-health-port.mjs';

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * `npm start` (scripts/start.mjs) hands the inference worker this port: a second stack on the same
 * machine, while the first one's worker holds its port, gets another free one.
 */
describe('the launcher’s worker health port', () => {
  let first: net.Server;
  let firstPort: string;
  beforeAll(async () => {
    // The first stack's worker, on the port the launcher chose for it.
    firstPort = await workerHealthPort({});
    first = await listen(Number(firstPort));
  });
  afterAll(() => close(first));

  it('is a free port, not the one another stack’s worker holds, unless INFERENCE_HEALTH_PORT is set', async () => {
    const second = await workerHealthPort({});
    expect(second).not.toBe(firstPort);
    await close(await listen(Number(second)));
    expect(await workerHealthPort({ INFERENCE_HEALTH_PORT: '3001' })).toBe('3001');
    expect(await workerHealthPort({ INFERENCE_HEALTH_PORT: '' })).toMatch(/^[1-9][0-9]*$/);
  });
});
