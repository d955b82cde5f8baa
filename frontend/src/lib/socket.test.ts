import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { BalanceDto, ClientToServerEvents, ServerToClientEvents } from '@mememint/contracts';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';

import { connectSocket, watchSocket, type GameSocket } from './socket';

let io: Server<ClientToServerEvents, ServerToClientEvents> | undefined;
let client: GameSocket | undefined;

afterEach(async () => {
  client?.disconnect();
  await new Promise<void>((resolve) => (io ? void io.close(() => resolve()) : resolve()));
  io = undefined;
});

/** A real Socket.IO server on a free port that remembers the handshake tokens it saw. */
async function startServer() {
  const http = createServer();
  io = new Server(http, { path: '/socket.io' });
  const tokens: unknown[] = [];
  io.use((socket, next) => {
    tokens.push(socket.handshake.auth.token);
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, tokens, io };
}

/** Handlers that ignore everything; each test overrides what it watches. */
const quiet = {
  onBalance: () => undefined,
  onReconnecting: () => undefined,
  renewAuth: async () => true,
};

function nextEvent(socket: GameSocket, event: 'connect'): Promise<void> {
  return new Promise((resolve) => socket.once(event, () => resolve()));
}

describe('the game socket', () => {
  it('authenticates with the current token and applies pushed balances', async () => {
    const server = await startServer();
    const balances: BalanceDto[] = [];
    client = connectSocket(() => 'jwt-1', server.url);
    watchSocket(client, { ...quiet, getToken: () => 'jwt-1', onBalance: (b) => balances.push(b) });
    await nextEvent(client, 'connect');

    server.io.emit('balance', { generationLimit: 4, memeCoins: 120, swipes: 59, balanceVersion: 3 });

    await expect
      .poll(() => balances)
      .toEqual([{ generationLimit: 4, memeCoins: 120, swipes: 59, balanceVersion: 3 }]);
    expect(server.tokens).toEqual(['jwt-1']);
  });

  it('says "Reconnecting" when a live connection drops, and reconnects with the newest token', async () => {
    const server = await startServer();
    let token = 'jwt-1';
    let reconnecting = 0;
    client = connectSocket(() => token, server.url);
    watchSocket(client, { ...quiet, getToken: () => token, onReconnecting: () => reconnecting++ });
    await nextEvent(client, 'connect');
    expect(reconnecting).toBe(0);

    token = 'jwt-2';
    const back = nextEvent(client, 'connect');
    for (const socket of server.io.sockets.sockets.values()) socket.conn.close(); // the network drops
    await back;

    expect(reconnecting).toBeGreaterThanOrEqual(1);
    expect(server.tokens).toEqual(['jwt-1', 'jwt-2']);
  });

  it('names its last event when it reconnects, and handles an event sent again only once', async () => {
    const server = await startServer();
    const lastIds: unknown[] = [];
    server.io.use((socket, next) => {
      lastIds.push(socket.handshake.auth.lastEventId);
      next();
    });
    const balances: number[] = [];
    client = connectSocket(() => 'jwt-1', server.url);
    watchSocket(client, {
      ...quiet,
      getToken: () => 'jwt-1',
      onBalance: (b) => balances.push(b.generationLimit),
    });
    await nextEvent(client, 'connect');
    const balance = (n: number) => ({ generationLimit: n, memeCoins: 0, swipes: 0 });
    const send = (n: number, eventId: string) =>
      (server.io as unknown as { emit(...args: unknown[]): void }).emit('balance', balance(n), { eventId });
    send(1, '1700000000000-0');
    send(2, '1700000000000-1');
    await expect.poll(() => balances).toEqual([1, 2]);

    const back = nextEvent(client, 'connect');
    for (const socket of server.io.sockets.sockets.values()) socket.conn.close(); // the network drops
    await back;
    // What it missed, with one it had already (sent live and again): each handled once, in order.
    send(2, '1700000000000-1');
    send(3, '1700000000001-0');
    send(4, '1700000000001-1');
    await expect.poll(() => balances).toEqual([1, 2, 3, 4]);
    expect(lastIds).toEqual([undefined, '1700000000000-1']);
  });

  it('stays quiet while the first connection is still being made', async () => {
    let reconnecting = 0;
    client = connectSocket(() => 'jwt-1', 'http://127.0.0.1:9'); // nothing listens there
    watchSocket(client, { ...quiet, getToken: () => 'jwt-1', onReconnecting: () => reconnecting++ });
    const attempts = new Promise<void>((resolve) => {
      let seen = 0;
      client!.io.on('reconnect_attempt', () => ++seen === 2 && resolve());
    });
    await attempts;
    expect(reconnecting).toBe(0);
  });

  it('renews a token the server refuses at the handshake, then connects with the new one', async () => {
    const server = await startServer();
    server.io.use((socket, next) =>
      next(socket.handshake.auth.token === 'expired' ? new Error('Token expired') : undefined),
    );
    let token = 'expired';
    const renewedFrom: (string | undefined)[] = [];
    client = connectSocket(() => token, server.url);
    watchSocket(client, {
      ...quiet,
      getToken: () => token,
      renewAuth: async (stale) => {
        renewedFrom.push(stale);
        token = 'fresh';
        return true;
      },
    });
    await nextEvent(client, 'connect');

    expect(renewedFrom).toEqual(['expired']);
    expect(server.tokens).toEqual(['expired', 'fresh']);
  });

  it('renews and reconnects when the server closes the socket (its token expired)', async () => {
    const server = await startServer();
    let token = 'jwt-1';
    let renewals = 0;
    client = connectSocket(() => token, server.url);
    watchSocket(client, {
      ...quiet,
      getToken: () => token,
      renewAuth: async () => {
        renewals++;
        token = 'jwt-2';
        return true;
      },
    });
    await nextEvent(client, 'connect');

    const back = nextEvent(client, 'connect');
    server.io.disconnectSockets(true);
    await back;

    expect(renewals).toBe(1);
    expect(server.tokens).toEqual(['jwt-1', 'jwt-2']);
  });

  it('stays down when the renewal fails (the session is over)', async () => {
    const server = await startServer();
    server.io.use((_socket, next) => next(new Error('Refresh your tokens and try again.')));
    let renewals = 0;
    client = connectSocket(() => 'revoked', server.url);
    const refused = new Promise<void>((resolve) => client!.once('connect_error', () => resolve()));
    watchSocket(client, {
      ...quiet,
      getToken: () => 'revoked',
      renewAuth: async () => {
        renewals++;
        return false;
      },
    });
    await refused;
    await expect.poll(() => renewals).toBe(1);

    expect(client.connected).toBe(false);
    expect(client.active).toBe(false);
    expect(server.tokens).toEqual(['revoked']);
  });
});
