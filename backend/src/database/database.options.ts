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
    // A request that waits longer for a connection is answered 503 (AllExceptionsFilter).
    extra: { max: config.databasePool.size, connectionTimeoutMillis: config.databasePool.timeoutMs },
  };
}
