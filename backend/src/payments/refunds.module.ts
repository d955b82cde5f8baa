import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { BotApiModule } from '../telegram/bot-api.module.js';
import { UsersModule } from '../users/users.module.js';
import { Order } from './entities/order.entity.js';
import { Plan } from './entities/plan.entity.js';
import { PaymentsRepository } from './payments.repository.js';
import { RefundsService } from './refunds.service.js';

/** Refunding paid orders, without the webhook or the HTTP routes: the `refund` admin command runs it. */
@Module({})
export class RefundsModule {
  /** With the player sockets of the process it runs in (the balance push after the take-back). */
  static withSockets(sockets: Type): DynamicModule {
    return {
      module: RefundsModule,
      imports: [
        TypeOrmModule.forFeature([Plan, Order]),
        LedgerModule,
        UsersModule,
        SquadsModule,
        BotApiModule,
        sockets,
      ],
      providers: [PaymentsRepository, RefundsService],
      exports: [RefundsService],
    };
  }
}
