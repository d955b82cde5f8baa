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
import { Redis } from 'ioredis';
import type { Server, Socket } from 'socket.io';
import { TokenService } from '../auth/token.service.js';
import { AppConfig } from '../config/app.config.js';

interface SocketData {
  userId: number;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Every socket of one player joins this room, whichever backend replica it is connected to. */
function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * Socket.IO under `/socket.io`. A client connects with its access token as `auth: {token}`; without a
 * valid one the handshake is refused (`connect_error` carrying the reason). Events for a player go to
 * their room; the Redis adapter carries them to the replica the player is connected to.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly redisClients: Redis[] = [];

  @WebSocketServer()
  private readonly server!: RealtimeServer;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly config: AppConfig,
  ) {}

  afterInit(server: RealtimeServer): void {
    // AuthModule is registered once, dynamically, by AppModule; its exported TokenService is looked up there.
    const tokens = this.moduleRef.get(TokenService, { strict: false });
    const publisher = new Redis(this.config.redis.url);
    const subscriber = publisher.duplicate();
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
          next();
        },
        (error: Error) => next(new Error(error.message)),
      );
    });
  }

  handleConnection(socket: RealtimeSocket): void {
    void socket.join(userRoom(socket.data.userId));
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
    await Promise.all(this.redisClients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}
