/**
 * A second API replica for the fan-out benchmark, in its own process (forked by
 * rating-fanout.bench.ts): the whole app on the first one's database and Redis prefix, so the two
 * share boards, leases and the Socket.IO adapter. Messages from the parent:
 * `{type: 'start', databaseUrl, env}` (answers `{type: 'listening', port}`), `{type: 'computations'}`
 * (answers `{type: 'computations', count}`), `{type: 'close'}`.
 */
import 'reflect-metadata';

import type { AddressInfo } from 'node:net';

import { RatingBroadcasterService } from '../src/rating/rating-broadcaster.service.js';
import { createTestApp, type TestApp } from '../test/helpers/test-app.js';

type ParentMessage =
  | { type: 'start'; databaseUrl: string; env: Record<string, string> }
  | { type: 'computations' }
  | { type: 'close' };

let replica: TestApp | undefined;
const send = (message: object) => process.send!(message);

async function handle(message: ParentMessage): Promise<void> {
  if (message.type === 'start') {
    // The database belongs to the first replica, which drops it.
    replica = await createTestApp({
      database: { url: message.databaseUrl, drop: async () => undefined } as TestApp['database'],
      env: message.env,
    });
    await replica.app.listen(0, '127.0.0.1');
    send({ type: 'listening', port: (replica.server.address() as AddressInfo).port });
  } else if (message.type === 'computations') {
    send({ type: 'computations', count: replica!.app.get(RatingBroadcasterService).computations });
  } else {
    await replica?.app.close();
    process.exit(0);
  }
}

process.on('message', (message: ParentMessage) => {
  handle(message).catch((error: Error) => {
    send({ type: 'error', message: error.message });
    process.exit(1);
  });
});
