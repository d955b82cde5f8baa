import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ServerToClientEvents } from '@mememint/contracts';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';

import { AppConfig } from '../config/app.config.js';
import { PlayerEventLog } from './player-event-log.js';
import {
  type EmitToAll,
  type EmitToUser,
  PlayerSockets,
  socketAdapterKey,
  userRoom,
} from './player-sockets.js';

/**
 * Player sockets for a process that serves none (the admin CLI): events go through Redis to the
 * replicas' socket.io adapters, which deliver them to the player's room. An event that cannot be
 * published (Redis away) is logged and dropped; the player sees the change on their next read.
 */
@Injectable()
export class RedisPlayerSockets extends PlayerSockets implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisPlayerSockets.name);
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;
  private readonly events: PlayerEventLog;
  /** Events still being logged: shutdown waits for them before it closes the connection. */
  private readonly pending = new Set<Promise<void>>();

  constructor(config: AppConfig) {
    super();
    // A command waits for one reconnection at most, so a closing CLI never hangs on a dead Redis.
    this.redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1 });
    this.redis.on('error', (error: Error) => this.logger.warn(`Socket emitter Redis: ${error.message}`));
    // The emitter publishes without awaiting: a failure is caught here, never left unhandled.
    const publisher = {
      publish: (channel: string, message: Buffer | string) =>
        this.redis.publish(channel, message).catch((error: Error) => {
          this.logger.warn(`A socket event was dropped: ${error.message}`);
          return 0;
        }),
    };
    this.emitter = new Emitter(publisher, { key: socketAdapterKey(config.redis.keyPrefix) });
    this.events = new PlayerEventLog(this.redis, config.redis.keyPrefix, config.socketReplay);
  }

  /** Logged first (a reconnecting socket gets it too), as the gateway does. */
  readonly emitToUser: EmitToUser = (userId, event, ...payload) => {
    const room = this.emitter.to(userRoom(userId)) as unknown as {
      emit(event: string, ...args: unknown[]): unknown;
    };
    const sent = this.events.send(userId, event, payload, room).finally(() => this.pending.delete(sent));
    this.pending.add(sent);
  };

  readonly emitToAll: EmitToAll = (event, ...payload) => this.emitter.emit(event, ...payload);

  disconnectUser(userId: number): void {
    this.emitter.in(userRoom(userId)).disconnectSockets(true);
  }

  /** QUIT goes after the events published before it, so the process exits once they are out. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.pending);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
