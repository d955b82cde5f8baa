import { BullModule } from '@nestjs/bull';
import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  ANIMATION_QUEUE,
  CAPTION_QUEUE,
  FEED_QUEUE,
  GENERATION_QUEUE,
  STICKERS_QUEUE,
} from '@mememint/contracts';
import { Redis, type RedisKey } from 'ioredis';

import { AppConfig } from '../config/app.config.js';

/** Injection token of the shared ioredis client (keys are prefixed with REDIS_KEY_PREFIX). */
export const REDIS = Symbol('REDIS');

/** Injection token of the Socket.IO Redis adapter's two connections ({@link SocketAdapterClients}). */
export const SOCKET_ADAPTER_REDIS = Symbol('SOCKET_ADAPTER_REDIS');

/** The adapter publishes on one connection and subscribes on the other (a subscriber can do nothing else). */
export interface SocketAdapterClients {
  publisher: Redis;
  subscriber: Redis;
}

const logger = new Logger('Redis');

/** Reconnects every 0.2–2 s for as long as Redis is away, so everything comes back on its own with it. */
export function redisReconnectDelay(attempt: number): number {
  return Math.min(attempt * 200, 2000);
}

function createRedis(config: AppConfig): Redis {
  // Auto-pipelining: the commands of the requests served in one turn of the event loop (rate limits,
  // sessions) leave in one write instead of one each.
  const redis = new Redis(config.redis.url, {
    keyPrefix: config.redis.keyPrefix,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  });
  // Without a listener ioredis prints every reconnect failure; the health check reports the state.
  redis.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
  return redis;
}

/**
 * The adapter's publishing client. Publishing is fire-and-forget (the adapter never awaits it): while
 * Redis is away an event fails at once and is dropped, rather than waiting in ioredis' offline queue
 * and failing later as an unhandled rejection. Sockets on this replica still get it (the adapter
 * delivers locally first); only other replicas miss it.
 */
class EventPublisher extends Redis {
  constructor(url: string) {
    // Auto-pipelining: the events of one batch of swipes (or any changes committed together) leave
    // in one write.
    super(url, { enableOfflineQueue: false, retryStrategy: redisReconnectDelay, enableAutoPipelining: true });
  }

  override publish(channel: RedisKey, message: string | Buffer): Promise<number> {
    return super.publish(channel, message).catch((error: Error) => {
      logger.debug(`Socket.IO adapter: an event for other replicas was dropped (${error.message})`);
      return 0;
    });
  }
}

function createSocketAdapterClients(config: AppConfig): SocketAdapterClients {
  const publisher = new EventPublisher(config.redis.url);
  // Subscribing waits for the connection however long Redis is away; ioredis renews the
  // subscriptions on every reconnect.
  const subscriber = new Redis(config.redis.url, {
    maxRetriesPerRequest: null,
    retryStrategy: redisReconnectDelay,
  });
  for (const client of [publisher, subscriber])
    client.on('error', (error: Error) => logger.warn(`Socket.IO adapter Redis: ${error.message}`));
  return { publisher, subscriber };
}

/** QUIT would wait for a connection that is away. */
async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/**
 * Redis for everyone: the shared client (leaderboards, rate limits), the Socket.IO adapter's
 * connections, and Bull, with its queues registered (generation, feed, caption, animation) and the retry policy
 * set once here.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        url: config.redis.url,
        prefix: config.redis.bullPrefix,
        // Bull's own schedule waits up to 20 s between attempts and keeps a command for 20 of them
        // (minutes); a job that cannot be queued now should fail within two attempts. Bull's blocking
        // and subscriber connections keep their commands whatever this says.
        redis: { maxRetriesPerRequest: 1, retryStrategy: redisReconnectDelay },
        defaultJobOptions: {
          attempts: config.generation.jobAttempts,
          backoff: { type: 'exponential', delay: config.generation.jobBackoffMs },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      }),
    }),
    BullModule.registerQueue(
      { name: GENERATION_QUEUE },
      { name: FEED_QUEUE },
      { name: STICKERS_QUEUE },
      { name: CAPTION_QUEUE },
      { name: ANIMATION_QUEUE },
    ),
  ],
  providers: [
    { provide: REDIS, inject: [AppConfig], useFactory: createRedis },
    { provide: SOCKET_ADAPTER_REDIS, inject: [AppConfig], useFactory: createSocketAdapterClients },
  ],
  exports: [REDIS, SOCKET_ADAPTER_REDIS, BullModule],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SOCKET_ADAPTER_REDIS) private readonly socketAdapter: SocketAdapterClients,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.redis, this.socketAdapter.publisher, this.socketAdapter.subscriber].map(closeRedis),
    );
  }
}
