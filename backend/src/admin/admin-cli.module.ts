import { Module } from '@nestjs/common';

import { AdminOperationsModule } from './admin-operations.module.js';
import { AuditModule } from './audit/audit.module.js';
import { ClockModule } from '../common/clock.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { SettlementModule } from '../feed/settlement.module.js';
import { RefundsModule } from '../payments/refunds.module.js';
import { BansModule } from '../moderation/bans.module.js';
import { RatingModule } from '../rating/rating.module.js';
import { RealtimeEmitterModule } from '../realtime/realtime-emitter.module.js';
import { RedisModule } from '../redis/redis.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { UsersModule } from '../users/users.module.js';

/**
 * What admin commands run with: the database, the feature services, and player sockets reached
 * through Redis; the generation queue only to await analyses (templates:analyse). No HTTP or
 * schedules. A command needing another module adds it here.
 */
@Module({
  imports: [
    ClockModule,
    DatabaseModule,
    RedisModule,
    AuditModule,
    // Global: the ban guard of the feature modules' routes resolves it even where no HTTP is served.
    BansModule,
    UsersModule,
    LedgerModule,
    RealtimeEmitterModule,
    SquadsModule,
    TemplatesModule.withSockets(RealtimeEmitterModule),
    RatingModule,
    SettlementModule.withSockets(RealtimeEmitterModule),
    RefundsModule.withSockets(RealtimeEmitterModule),
    AdminOperationsModule.withSockets(RealtimeEmitterModule),
  ],
})
export class AdminCliModule {}
