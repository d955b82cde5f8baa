import { BullModule } from '@nestjs/bull';
import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { GENERATION_QUEUE } from '@mememint/contracts';
import { Redis } from 'ioredis';

import { AppConfig } from '../config/app.config.js';

/** Injection token of the shared ioredis client (keys are prefixed with REDIS_KEY_PREFIX). */
export const REDIS = Symbol('REDIS');

const logger = new Logger('Redis');

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
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
