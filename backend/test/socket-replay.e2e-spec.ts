import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { compareEventIds, type EventMeta, type SocketAuth } from '@mememint/contracts';
import { io, type Socket } from 'socket.io-client';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { newPlayer, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(90_000);

interface Received {
  event: string;
  payload: unknown;
  meta?: EventMeta;
}

/** A socket that keeps every event with its meta; `until` waits for a count, not for a time. */
async function connect(app: TestApp, auth: SocketAuth) {
  const { port } = app.server.address() as AddressInfo;
  const socket: Socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth,
  });
  const received: Received[] = [];
  let wake = () => {};
  socket.onAny((event: string, payload: unknown, meta?: EventMeta) => {
    received.push({ event, payload, ...(meta ? { meta } : {}) });
    wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const until = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => (wake = resolve));
    return received;
  };
  return { socket, received, until };
}

/**
 * Socket events missed while a client reconnects are sent again: every event for a player is logged
 * (a short Redis stream) with an id that goes with it; a client that reconnects, to any replica, names
 * the last id it got and is sent the rest, in order.
 */
describe('socket events missed during a reconnect', () => {
  let first: TestApp;
  let second: TestApp;
  let player: Player;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({
      replicaOf: first,
    });
    for (const replica of [first, second]) await replica.app.listen(0, '127.0.0.1');
    player = await newPlayer(first.server, first.config);
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('are replayed, in order and with their ids, to a client that reconnects to another replica', async () => {
    const ledger = first.app.get(LedgerService);
    const before = await connect(first, { token: player.token });
    await ledger.addCredits(player.tgId, 1, { reason: 'admin-grant' });
    const [live] = await before.until(1);
    expect(live).toMatchObject({ event: 'balance', meta: { eventId: expect.any(String) } });
    before.socket.close();

    // While it is away: a balance change, and a generation finished on the other replica.
    await ledger.addCredits(player.tgId, 2, { reason: 'admin-grant' });
    const meme = { id: 'meme-1' } as never;
    second.app.get(RealtimeGateway).emitToUser(player.tgId, 'generation:done', { id: 'g-1', meme });
    // Once logged (both events), it comes back, to the other replica.
    const logged = () => first.redis.xrange(`events:${player.tgId}`, `(${live!.meta!.eventId}`, '+');
    while ((await logged()).length < 2) await new Promise((resolve) => setImmediate(resolve));

    const after = await connect(second, { token: player.token, lastEventId: live!.meta!.eventId });
    const replayed = await after.until(2);
    expect(replayed.map(({ event }) => event)).toEqual(['balance', 'generation:done']);
    expect(replayed[0]!.payload).toMatchObject({ generationLimit: expect.any(Number) });
    expect(replayed[1]!.payload).toEqual({ id: 'g-1', meme });
    const ids = [live!.meta!.eventId, ...replayed.map(({ meta }) => meta!.eventId)];
    expect([...ids].sort(compareEventIds)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);

    // A new event still comes live, with the next id.
    await ledger.addCredits(player.tgId, 1, { reason: 'admin-grant' });
    const [, , next] = await after.until(3);
    expect(compareEventIds(next!.meta!.eventId, ids[2]!)).toBeGreaterThan(0);
    after.socket.close();

    // A first connection (no last id) gets nothing old; neither does one with a malformed id. (The
    // replica reads its log before it logs the next event, on one connection: a replay would come first.)
    for (const auth of [{ token: player.token }, { token: player.token, lastEventId: 'x' }]) {
      const fresh = await connect(second, auth);
      await second.app.get(LedgerService).addCredits(player.tgId, 1, { reason: 'admin-grant' });
      const [only] = await fresh.until(1);
      expect(only).toMatchObject({ event: 'balance' });
      expect(compareEventIds(only!.meta!.eventId, next!.meta!.eventId)).toBeGreaterThan(0);
      fresh.socket.close();
    }
  });
});
