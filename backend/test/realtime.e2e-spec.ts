import { setTimeout } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { RefreshResponse } from '@mememint/contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';

import { RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

jest.setTimeout(90_000);

/**
 * Longer than ioredis' default patience (20 reconnect attempts, about 10 s), after which a command
 * queued while Redis was away fails: unhandled in the Socket.IO adapter, it ended the process.
 */
const LONG_OUTAGE_MS = 12_000;

/** Resolves with the reason once the server (or the client) closes the socket. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

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
      balanceVersion: attempt,
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
      replicaOf: proxied,
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
        balanceVersion: 0,
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

describe('sockets close with their credentials', () => {
  let replicas: TestApp[] = [];
  afterAll(async () => {
    await replicas[1]?.app.close();
    await replicas[0]?.close();
  });

  it('closes every socket of a session when reuse of a refresh token revokes it, on every replica', async () => {
    // No reuse grace: the second use of the token below is reuse at once.
    const noGrace = { REFRESH_REUSE_GRACE_SECONDS: '0' };
    const first = await createTestApp({ env: noGrace });
    const second = await createTestApp({
      replicaOf: first,
      env: {
        ...noGrace,
      },
    });
    replicas = [first, second];
    for (const replica of replicas) await replica.app.listen(0, '127.0.0.1');
    const refresh = (refreshToken: string) =>
      request(first.server).post('/api/v1/auth/refresh-token/').send({ refreshToken });

    const tgId = newTgId();
    const phone = await loginAs(first.server, first.config, { id: tgId });
    const desktop = await loginAs(first.server, first.config, { id: tgId });
    const rotated = (await refresh(phone.refreshToken).expect(200)).body as RefreshResponse;
    const phoneHere = await SocketRecorder.connect(first.server, phone.jwtToken);
    const phoneThere = await SocketRecorder.connect(second.server, rotated.newJwtToken);
    const desktopHere = await SocketRecorder.connect(first.server, desktop.jwtToken);
    try {
      const closings = [disconnected(phoneHere.socket), disconnected(phoneThere.socket)];
      // The spent refresh token comes back: its whole session is revoked.
      await refresh(phone.refreshToken).expect(401);
      expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);

      // The same player's other session keeps its socket.
      expect(desktopHere.socket.connected).toBe(true);
      const reply = await desktopHere.socket.emitWithAck('ping');
      expect(typeof reply.now).toBe('string');
    } finally {
      for (const socket of [phoneHere, phoneThere, desktopHere]) socket.close();
    }
  });

  it('closes a socket when the access token it connected with expires', async () => {
    const shortLived = await createTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '5' } });
    try {
      await shortLived.app.listen(0, '127.0.0.1');
      const player = await newPlayer(shortLived.server, shortLived.config);
      const socket = await SocketRecorder.connect(shortLived.server, player.token);
      expect(await disconnected(socket.socket)).toBe('io server disconnect');
      // The token itself is refused now, so the client must refresh before reconnecting.
      await request(shortLived.server).get('/api/v1/auth/me/').set(bearer(player)).expect(401);
    } finally {
      await shortLived.close();
    }
  });
});
