import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, ServerToClientEvents } from '@mememint/contracts';
import { Redis, type RedisKey } from 'ioredis';
import type { Subscription } from 'rxjs';
import type { Server, Socket } from 'socket.io';
import { TokenService } from '../auth/token.service.js';
import { AppConfig } from '../config/app.config.js';
import { redisReconnectDelay } from '../redis/redis.module.js';

interface SocketData {
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

/** setTimeout fires at once for longer delays (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Every socket of one player joins this room, whichever backend replica it is connected to. */
function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** …and the room of its login session, closed together when the session is revoked. */
function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * The adapter's publishing client. Publishing is fire-and-forget (the adapter never awaits it): while
 * Redis is away an event fails at once and is dropped, rather than waiting in ioredis' offline queue
 * and failing later as an unhandled rejection. Sockets on this replica still get it (the adapter
 * delivers locally first); only other replicas miss it.
 */
class EventPublisher extends Redis {
  constructor(
    url: string,
    private readonly onDropped: (error: Error) => void,
  ) {
    super(url, { enableOfflineQueue: false, retryStrategy: redisReconnectDelay });
  }

  override publish(channel: RedisKey, message: string | Buffer): Promise<number> {
    return super.publish(channel, message).catch((error: Error) => {
      this.onDropped(error);
      return 0;
    });
  }
}

/**
 * Socket.IO under `/socket.io`. A client connects with its access token as `auth: {token}`; without a
 * valid one the handshake is refused (`connect_error` carrying the reason). The server closes a socket
 * when its token expires or its session is revoked. Events for a player go to their room; the Redis
 * adapter carries them (and closings) to the replica the player is connected to.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly redisClients: Redis[] = [];
  private revocations?: Subscription;

  @WebSocketServer()
  private readonly server!: RealtimeServer;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly config: AppConfig,
  ) {}

  afterInit(server: RealtimeServer): void {
    // AuthModule is registered once, dynamically, by AppModule; its exported TokenService is looked up there.
    const tokens = this.moduleRef.get(TokenService, { strict: false });
    const publisher = new EventPublisher(this.config.redis.url, (error) =>
      this.logger.debug(`Socket.IO adapter: an event for other replicas was dropped (${error.message})`),
    );
    // Subscribing waits for the connection however long Redis is away; ioredis renews the
    // subscriptions on every reconnect.
    const subscriber = new Redis(this.config.redis.url, {
      maxRetriesPerRequest: null,
      retryStrategy: redisReconnectDelay,
    });
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => this.logger.warn(`Socket.IO adapter Redis: ${error.message}`));
      this.redisClients.push(client);
    }
    server.adapter(createAdapter(publisher, subscriber, { key: `${this.config.redis.keyPrefix}socket.io` }));

    server.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token === '') {
        next(new Error('Authentication credentials were not provided.'));
        return;
      }
      tokens.authenticate(token).then(
        (principal) => {
          socket.data.userId = principal.user.tgId;
          socket.data.sessionId = principal.sessionId;
          socket.data.expiresAt = principal.expiresAt;
          next();
        },
        (error: Error) => next(new Error(error.message)),
      );
    });

    this.revocations = tokens.revokedSessions.subscribe((sessionId) =>
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
    this.server.to(userRoom(userId)).emit(event, ...payload);
  }

  async onApplicationShutdown(): Promise<void> {
    this.revocations?.unsubscribe();
    // QUIT would wait for a connection that is away.
    await Promise.all(
      this.redisClients.map((client) =>
        client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
      ),
    );
  }
}
