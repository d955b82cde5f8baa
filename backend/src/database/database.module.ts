import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app.config.js';
import { databaseOptions } from './database.options.js';
import { runMigrations } from './run-migrations.js';
import { PreparedQueries } from './prepared-queries.js';
import { TransactionHooks } from './transaction-hooks.js';
import { Transactions } from './transactions.js';

/**
 * The connection, migrated at boot, Transactions, the after-commit hooks and the prepared hot
 * statements, for every module.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => databaseOptions(config),
      // Migrate before anything can use the connection.
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await runMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [Transactions, TransactionHooks, PreparedQueries],
  exports: [Transactions, TransactionHooks, PreparedQueries],
})
export class DatabaseModule {}
