import { Inject, type OnApplicationShutdown } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, EventMeta, ServerToClientEvents } from '@mememint/contracts';
import type { Subscription } from 'rxjs';
import type { Server, Socket } from 'socket.io';

import { SessionAuthenticator } from '../auth/session-authenticator.js';
import { AppConfig } from '../config/app.config.js';
import { SOCKET_ADAPTER_REDIS, type SocketAdapterClients } from '../redis/redis.module.js';
import { PlayerEventLog } from './player-event-log.js';
import { socketAdapterKey, userRoom } from './player-sockets.js';
import { SOCKET_SERVER_OPTIONS } from './socket-server-options.js';

interface SocketData {
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

/** setTimeout fires at once for longer delays (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Emits with the event's arguments as they are (a payload, then its `EventMeta`). */
type LooseEmitter = { emit(event: string, ...args: unknown[]): boolean };

/** …and the room of its login session, closed together when the session is revoked. */
function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * Socket.IO under `/socket.io`. A client connects with its access token as `auth: {token}`; without a
 * valid one the handshake is refused (`connect_error` carrying the reason). The server closes a socket
 * when its token expires or its session is revoked. Events for a player go to their room; the Redis
 * adapter carries them (and closings) to the replica the player is connected to. Each is logged first
 * (PlayerEventLog) and carries its id: a socket that reconnects with `auth: {lastEventId}` is sent what
 * it missed.
 */
@WebSocketGateway(SOCKET_SERVER_OPTIONS)
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  private revocations?: Subscription;
  private readonly events: PlayerEventLog;

  @WebSocketServer()
  private readonly server?: RealtimeServer;

  constructor(
    private readonly sessions: SessionAuthenticator,
    @Inject(SOCKET_ADAPTER_REDIS) private readonly adapterRedis: SocketAdapterClients,
    private readonly config: AppConfig,
  ) {
    this.events = new PlayerEventLog(adapterRedis.publisher, config.redis.keyPrefix, config.socketReplay);
  }

  afterInit(server: RealtimeServer): void {
    const { publisher, subscriber } = this.adapterRedis;
    server.adapter(
      createAdapter(publisher, subscriber, { key: socketAdapterKey(this.config.redis.keyPrefix) }),
    );

    server.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token === '') {
        next(new Error('Authentication credentials were not provided.'));
        return;
      }
      this.sessions.authenticate(token).then(
        (principal) => {
          socket.data.userId = principal.user.tgId;
          socket.data.sessionId = principal.sessionId;
          socket.data.expiresAt = principal.expiresAt;
          next();
        },
        (error: Error) => next(new Error(error.message)),
      );
    });

    this.revocations = this.sessions.revokedSessions.subscribe((sessionId) =>
      server.in(sessionRoom(sessionId)).disconnectSockets(true),
    );
  }

  handleConnection(socket: RealtimeSocket): void {
    void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
    // A socket lives no longer than the access token it connected with; the client reconnects with a fresh one.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(socket.data.expiresAt.getTime() - Date.now(), MAX_TIMER_MS),
    );
    socket.once('disconnect', () => clearTimeout(expiry));
    // A reconnecting client: what it missed since its last event, in order, with their ids.
    this.events.after(socket.data.userId, socket.handshake.auth?.lastEventId).then(
      (missed) => {
        for (const { id, event, args } of missed)
          (socket as unknown as LooseEmitter).emit(event, ...args, { eventId: id } satisfies EventMeta);
      },
      () => undefined, // Redis away: the client reads its state again over HTTP, as before.
    );
  }

  @SubscribeMessage('ping')
  ping(): { now: string } {
    return { now: new Date().toISOString() };
  }

  /** Sends one event to every socket of a player (on any replica). */
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    // As the other emits: nothing before the gateway's server is up.
    if (!this.server) return;
    // Logged first, so its id goes with it; unlogged (Redis away) it still goes.
    void this.events.send(
      userId,
      event,
      payload,
      this.server.to(userRoom(userId)) as unknown as LooseEmitter,
    );
  }

  /** Sends one event to every connected player (on every replica). */
  emitToAll<E extends keyof ServerToClientEvents>(
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    this.server?.emit(event, ...payload);
  }

  /** Closes every socket of a player on every replica (the adapter carries it). */
  disconnectUser(userId: number): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }

  /**
   * Closes every Socket.IO connection of this replica at the transport (a shutdown): clients see
   * `transport close` and reconnect, unlike after a server-side `disconnect`.
   */
  dropConnections(): void {
    this.server?.engine.close();
  }

  onApplicationShutdown(): void {
    this.revocations?.unsubscribe();
  }
}
