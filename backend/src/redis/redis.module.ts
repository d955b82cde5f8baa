import { BullModule, InjectQueue } from '@nestjs/bull';
import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { GENERATION_QUEUE } from '@mememint/contracts';
import type { Queue } from 'bull';
import { Redis } from 'ioredis';

import { AppConfig } from '../config/app.config.js';

/** Injection token of the shared ioredis client (keys are prefixed with REDIS_KEY_PREFIX). */
export const REDIS = Symbol('REDIS');

const logger = new Logger('Redis');

/** Reconnects every 0.2–2 s for as long as Redis is away, so everything comes back on its own with it. */
export function redisReconnectDelay(attempt: number): number {
  return Math.min(attempt * 200, 2000);
}

function createRedis(config: AppConfig): Redis {
  const redis = new Redis(config.redis.url, { keyPrefix: config.redis.keyPrefix, maxRetriesPerRequest: 2 });
  // Without a listener ioredis prints every reconnect failure; the health check reports the state.
  redis.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
  return redis;
}

/**
 * Redis for everyone: the shared client (leaderboards, rate limits, socket.io adapter) and Bull,
 * with the generation queue registered and its retry policy set once here.
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
    BullModule.registerQueue({ name: GENERATION_QUEUE }),
  ],
  providers: [{ provide: REDIS, inject: [AppConfig], useFactory: createRedis }],
  exports: [REDIS, BullModule],
})
export class RedisModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectQueue(GENERATION_QUEUE) private readonly queue: Queue,
  ) {}

  /** Serves only once Bull can queue: a request finding its connection not ready is refused (503). */
  async onModuleInit(): Promise<void> {
    const client = this.queue.client;
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
