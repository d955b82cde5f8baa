import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import type { ClientToServerEvents, ServerToClientEvents } from '@mememint/contracts';
import { io, type Socket } from 'socket.io-client';

import type { Player } from './memes.js';
import type { TestApp } from './test-app.js';

export type EventName = keyof ServerToClientEvents;
export interface RecordedEvent<E extends EventName = EventName> {
  event: E;
  payload: Parameters<ServerToClientEvents[E]>[0];
}

/** A player's socket that keeps every event it receives, in order. */
export class SocketRecorder {
  readonly events: RecordedEvent[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.onAny((event: EventName, payload: RecordedEvent['payload']) => {
      this.events.push({ event, payload });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(server: Server, token: string | undefined): Promise<SocketRecorder> {
    const socket = openSocket(server, token);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return new SocketRecorder(socket);
  }

  of<E extends EventName>(event: E, id?: string): RecordedEvent<E>['payload'][] {
    return this.events
      .filter((e): e is RecordedEvent<E> => e.event === event)
      .map((e) => e.payload)
      .filter((payload) => id === undefined || (payload as { id?: string }).id === id);
  }

  /** Resolves with the first recorded (or future) event matching; the test's timeout bounds the wait. */
  async until<E extends EventName>(
    event: E,
    match: (payload: RecordedEvent<E>['payload']) => boolean = () => true,
  ): Promise<RecordedEvent<E>['payload']> {
    for (;;) {
      const found = this.of(event).find(match);
      if (found !== undefined) return found;
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  /** A generation's outcome as the socket reports it: `done`, or `failed: <detail>` (a failure shows at once). */
  outcome(id: string): Promise<string> {
    return Promise.race([
      this.until('generation:done', (p) => p.id === id).then(() => 'done'),
      this.until('generation:failed', (p) => p.id === id).then((p) => `failed: ${p.detail}`),
    ]);
  }

  close(): void {
    this.socket.close();
  }
}

export function openSocket(
  server: Server,
  token: string | undefined,
): Socket<ServerToClientEvents, ClientToServerEvents> {
  const { port } = server.address() as AddressInfo;
  return io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(token === undefined ? {} : { auth: { token } }),
  });
}

export type SocketApp = TestApp & { connect(player: Player): Promise<SocketRecorder> };

/**
 * The app listening for sockets: `connect` opens a player's socket; those and any a test adds to
 * `sockets` close with the app.
 */
export async function listenWithSockets(t: TestApp, sockets: SocketRecorder[] = []): Promise<SocketApp> {
  await t.app.listen(0, '127.0.0.1');
  return {
    ...t,
    async connect(player) {
      const socket = await SocketRecorder.connect(t.server, player.token);
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.close();
      await t.close();
    },
  };
}
