import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Writable } from 'node:stream';

import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { PARAMS_PROVIDER_TOKEN } from 'nestjs-pino';
import type { DataSource } from 'typeorm';

import { LIFTED_RATE_LIMITS } from '../../../scripts/lib/lifted-limits.mjs';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { loggerOptions } from '../../src/common/logger.options.js';
import { AppConfig } from '../../src/config/app.config.js';
import { REDIS } from '../../src/redis/redis.module.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestAppOptions {
  /** Extra environment variables (validated like in production), e.g. `{ SWIPES_MAX: '5' }`. */
  env?: Record<string, string>;
  /** Reuse another app's database instead of a fresh clone. */
  database?: TestDatabase;
  /**
   * Another replica of that app's deployment: its database, Redis key and Bull prefixes and media
   * folder (`env` may still set others, e.g. a REDIS_URL through a proxy to the same Redis).
   */
  replicaOf?: TestApp;
  /** Extra modules mounted beside the app's own (e.g. a probe controller for infrastructure tests). */
  imports?: NonNullable<ModuleMetadata['imports']>;
  /** Replace providers before the app compiles (only for the outside world, e.g. Telegram). */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Where the app's JSON log lines go instead of stdout (set LOG_LEVEL in `env` too). */
  logs?: Writable;
}

export interface TestApp {
  app: NestExpressApplication;
  /** Pass to supertest: `request(t.server).get('/api/health')`. */
  server: Server;
  config: AppConfig;
  dataSource: DataSource;
  /** The app's Redis client (its keys carry this app's unique prefix). */
  redis: Redis;
  database: TestDatabase;
  /** Closes the app, drops its database (unless borrowed or a replica's) and deletes its Redis keys. */
  close(): Promise<void>;
}

/** Rate limits and the generation cap off (0), unless a test's `env` sets them. */
export const LIFTED_LIMITS: Record<string, string> = {
  GENERATION_MAX_ACTIVE_PER_PLAYER: '0',
  ...LIFTED_RATE_LIMITS,
};

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What replicas of one deployment share besides the database. */
function sharedDeployment(config: AppConfig): Record<string, string> {
  return {
    REDIS_KEY_PREFIX: config.redis.keyPrefix,
    BULL_PREFIX: config.redis.bullPrefix,
    MEDIA_DIR: config.media.dir,
  };
}

/**
 * Boots the whole API as `main.ts` does, on its own PostgreSQL database (cloned from the migrated
 * template) and its own Redis key prefixes, so test files run in parallel without seeing each
 * other. Call `close()` in `afterAll`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.replicaOf?.database ?? options.database ?? (await createTestDatabase());
  const id = randomBytes(4).toString('hex');
  const config = new AppConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `mmtest:${id}:`,
    BULL_PREFIX: `mmtest-bull-${id}`,
    MEDIA_DIR: `test-output/media-${id}`,
    // Each app its own free port (several apps share a test process).
    METRICS_PORT: '0',
    // A file's parallel requests (200 sign-ups at once) wait for a connection rather than fail on a
    // busy machine; the test of the 503 sets its own.
    DATABASE_POOL_TIMEOUT_MS: '60000',
    // Every request of a test comes from one address and a file's players do in seconds what real
    // ones spread over minutes: the limits are lifted here, and the tests about them set their own.
    ...LIFTED_LIMITS,
    // Most apps run no inference worker, which screens uploads; the screening tests turn it on.
    NSFW_SCREEN_UPLOADS: '0',
    ...(options.replicaOf && sharedDeployment(options.replicaOf.config)),
    ...options.env,
  });
  let builder = Test.createTestingModule({
    imports: [AppModule.register(config), ...(options.imports ?? [])],
  });
  if (options.logs) {
    builder = builder
      .overrideProvider(PARAMS_PROVIDER_TOKEN)
      .useValue({ pinoHttp: [loggerOptions(config).pinoHttp, options.logs] });
  }
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bufferLogs: true });
  configureApp(app, config);
  await app.init();

  return {
    app,
    server: app.getHttpServer() as Server,
    config,
    dataSource: app.get<DataSource>(getDataSourceToken()),
    redis: app.get<Redis>(REDIS),
    database,
    close: async () => {
      await app.close();
      await rm(config.media.dir, { recursive: true, force: true });
      await deleteKeys(config.redis.url, [config.redis.keyPrefix, config.redis.bullPrefix]);
      if (!options.database && !options.replicaOf) await database.drop();
    },
  };
}

/** Deletes every key under these prefixes (what an app of a test wrote to Redis). */
export async function deleteKeys(url: string, prefixes: string[]): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } catch {
    // A test that points the app at a dead Redis has nothing to clean there.
  } finally {
    redis.disconnect();
  }
}
