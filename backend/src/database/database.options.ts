import type { TypeOrmModuleOptions } from '@nestjs/typeorm';

import type { AppConfig } from '../config/app.config.js';
import { migrations } from './migrations/index.js';

export const MIGRATIONS_TABLE = 'migrations';

/**
 * Entities come from the feature modules (`TypeOrmModule.forFeature`), so each module owns its
 * tables; the schema only ever changes through committed migrations.
 */
export function databaseOptions(config: AppConfig): TypeOrmModuleOptions & { type: 'postgres' } {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    autoLoadEntities: true,
    synchronize: false,
    migrationsRun: false,
    migrations,
    migrationsTableName: MIGRATIONS_TABLE,
    // Fail fast at boot instead of Nest's default of nine retries.
    retryAttempts: config.env === 'production' ? 9 : 1,
    retryDelay: 1000,
    extra: {
      max: config.databasePool.size,
      // A request that waits longer for a connection is answered 503 (AllExceptionsFilter).
      connectionTimeoutMillis: config.databasePool.timeoutMs,
      // pg's default closes a connection idle 10 s: the pool's spare connections closed in the
      // middle of steady load, each backend's exit holding the database's cores for ~100 ms (the
      // swipes bench's slowest 1 %), and a burst then paid new backends and re-prepared statements.
      idleTimeoutMillis: config.databasePool.idleMs,
    },
  };
}
