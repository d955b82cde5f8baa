import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ServeStaticModule } from '@nestjs/serve-static';
import { LoggerModule } from 'nestjs-pino';

import { AuthModule } from './auth/auth.module.js';
import { loggerOptions } from './common/logger.options.js';
import { AppConfig } from './config/app.config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { GenerationsModule } from './generations/generations.module.js';
import { HealthModule } from './health/health.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { MediaModule } from './media/media.module.js';
import { MemesModule } from './memes/memes.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RedisModule } from './redis/redis.module.js';
import { TemplatesModule } from './templates/templates.module.js';
import { UsersModule } from './users/users.module.js';

/** Feature modules, each owning its tables and routes. */
const FEATURE_MODULES = [
  HealthModule,
  UsersModule,
  LedgerModule,
  MediaModule,
  RealtimeModule,
  TemplatesModule,
  MemesModule,
  GenerationsModule,
];

@Module({})
export class AppModule {
  /** The config is validated before Nest starts, so a bad environment never half-boots the app. */
  static register(config: AppConfig): DynamicModule {
    const frontend = config.http.frontendDist;
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot(loggerOptions(config)),
        DatabaseModule,
        RedisModule,
        ScheduleModule.forRoot(),
        ...(frontend
          ? [
              ServeStaticModule.forRoot({
                rootPath: frontend,
                exclude: ['/api/{*path}', '/socket.io/{*path}'],
              }),
            ]
          : []),
        ...FEATURE_MODULES,
        AuthModule.register({ devLogin: config.env !== 'production' }),
      ],
    };
  }
}
