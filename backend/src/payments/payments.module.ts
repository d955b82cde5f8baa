import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { TelegramModule } from '../telegram/telegram.module.js';
import { UsersModule } from '../users/users.module.js';
import { VisitsModule } from '../visits/visits.module.js';
import { Order } from './entities/order.entity.js';
import { Plan } from './entities/plan.entity.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

/** Plans sold for Telegram Stars, their orders and payments, the boost's daily bonus (refunds: RefundsModule). */
@Module({
  imports: [
    TypeOrmModule.forFeature([Plan, Order]),
    LedgerModule,
    RealtimeModule,
    SquadsModule,
    TelegramModule,
    UsersModule,
    VisitsModule,
  ],
  controllers: [PlansController, PaymentsController],
  providers: [PaymentsRepository, PaymentsService, PlansService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
