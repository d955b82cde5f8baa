import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';

import { AccountDeletionModule } from './account-deletion/account-deletion.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { DevAuthModule } from './auth/dev-auth.module.js';
import { loggerOptions } from './common/logger.options.js';
import { AppConfig } from './config/app.config.js';
import { ClockModule } from './common/clock.module.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { FeedModule } from './feed/feed.module.js';
import { GenerationsModule } from './generations/generations.module.js';
import { HealthModule } from './health/health.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { LedgerPartitionsModule } from './ledger/ledger-partitions.module.js';
import { MediaModule } from './media/media.module.js';
import { MemesModule } from './memes/memes.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { BansModule } from './moderation/bans.module.js';
import { ModerationModule } from './moderation/moderation.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PromocodesModule } from './promocodes/promocodes.module.js';
import { QuestsModule } from './quests/quests.module.js';
import { RatingLiveModule } from './rating/rating-live.module.js';
import { RatingModule } from './rating/rating.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SquadsApiModule } from './squads/squads-api.module.js';
import { SquadsModule } from './squads/squads.module.js';
import { StickersModule } from './stickers/stickers.module.js';
import { SwipesModule } from './swipes/swipes.module.js';
import { TelegramModule } from './telegram/telegram.module.js';
import { TemplateAnalysisSweepModule } from './templates/template-analysis-sweep.module.js';
import { TemplatesModule } from './templates/templates.module.js';
import { UsersModule } from './users/users.module.js';
import { VisitsModule } from './visits/visits.module.js';
import { WalletModule } from './wallet/wallet.module.js';

/** Feature modules, each owning its tables and routes. */
const FEATURE_MODULES = [
  HealthModule,
  RateLimitsModule,
  UsersModule,
  LedgerModule,
  LedgerPartitionsModule,
  MediaModule,
  RealtimeModule,
  TelegramModule,
  TemplatesModule.withSockets(RealtimeModule),
  TemplateAnalysisSweepModule,
  MemesModule,
  GenerationsModule,
  VisitsModule,
  PaymentsModule,
  QuestsModule,
  WalletModule,
  PromocodesModule,
  SquadsModule,
  RatingModule,
  RatingLiveModule,
  SquadsApiModule,
  SwipesModule,
  FeedModule,
  StickersModule,
  BansModule,
  ModerationModule,
  AdminModule,
  AccountDeletionModule,
];

@Module({})
export class AppModule {
  /** The config is validated before Nest starts, so a bad environment never half-boots the app. */
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        ClockModule,
        LoggerModule.forRoot(loggerOptions(config)),
        MetricsModule,
        DatabaseModule,
        RedisModule,
        ScheduleModule.forRoot(),
        ...FEATURE_MODULES,
        AuthModule,
        ...(config.auth.devLogin ? [DevAuthModule] : []),
      ],
    };
  }
}
