import { setTimeout } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

jest.setTimeout(90_000);

/**
 * Longer than ioredis' default patience (20 reconnect attempts, about 10 s), after which a command
 * queued while Redis was away fails: unhandled in the Socket.IO adapter, it ended the process.
 */
const LONG_OUTAGE_MS = 12_000;

/**
 * Emits from one replica until a socket on another receives it (a publish while the adapter is still
 * reconnecting is dropped, by design); the test's timeout bounds the wait.
 */
async function deliverAcross(from: TestApp, to: SocketRecorder, player: Player): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    from.app.get(RealtimeGateway).emitToUser(player.tgId, 'balance', {
      generationLimit: attempt,
      memeCoins: 0,
      swipes: 0,
    });
    const received = await Promise.race([
      to.until('balance', (balance) => balance.generationLimit === attempt).then(() => true),
      setTimeout(500, false),
    ]);
    if (received) return;
  }
}

describe('realtime across replicas', () => {
  let redisProxy: TcpProxy;
  let proxied: TestApp;
  let direct: TestApp;

  beforeAll(async () => {
    const redis = new URL(TEST_REDIS_URL);
    redisProxy = await startTcpProxy(Number(redis.port || 6379), redis.hostname);
    proxied = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` } });
    direct = await createTestApp({
      database: proxied.database,
      env: {
        REDIS_KEY_PREFIX: proxied.config.redis.keyPrefix,
        BULL_PREFIX: proxied.config.redis.bullPrefix,
        MEDIA_DIR: proxied.config.media.dir,
      },
    });
    await proxied.app.listen(0, '127.0.0.1');
    await direct.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await direct.app.close();
    await proxied.close();
    await redisProxy.close();
  });

  it('outlives Redis going away for long, and carries events between replicas again once it is back', async () => {
    const onProxied = await newPlayer(proxied.server, proxied.config);
    const onDirect = await newPlayer(proxied.server, proxied.config);
    const proxiedSocket = await SocketRecorder.connect(proxied.server, onProxied.token);
    const directSocket = await SocketRecorder.connect(direct.server, onDirect.token);
    try {
      await deliverAcross(proxied, directSocket, onDirect);
      await deliverAcross(direct, proxiedSocket, onProxied);

      await redisProxy.cut();
      // Events emitted while Redis is away (the case that used to fail late and unhandled).
      proxied.app.get(RealtimeGateway).emitToUser(onDirect.tgId, 'balance', {
        generationLimit: 0,
        memeCoins: 0,
        swipes: 0,
      });
      await setTimeout(LONG_OUTAGE_MS);
      const down = await request(proxied.server).get('/api/health').expect(503);
      expect(down.body).toMatchObject({ redis: 'down' });

      await redisProxy.restore();
      let status = 503;
      while (status === 503) status = (await request(proxied.server).get('/api/health')).status;
      expect(status).toBe(200);
      // Both ways: the proxied replica publishes again, and hears the other one again.
      await deliverAcross(proxied, directSocket, onDirect);
      await deliverAcross(direct, proxiedSocket, onProxied);
    } finally {
      proxiedSocket.close();
      directSocket.close();
    }
  });
});
