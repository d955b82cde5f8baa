import { type DynamicModule, Module, type Type } from '@nestjs/common';

import { SettlementModule } from '../feed/settlement.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { BansModule } from '../moderation/bans.module.js';
import { RefundsModule } from '../payments/refunds.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AdminFeedRepository } from './game/admin-feed.repository.js';
import { AdminFeedService } from './game/admin-feed.service.js';
import { AdminOrdersService } from './orders/admin-orders.service.js';
import { AdminPlayersRepository } from './players/admin-players.repository.js';
import { AdminPlayersService } from './players/admin-players.service.js';
import { BalanceGrantsService } from './players/balance-grants.service.js';

const SERVICES = [AdminPlayersService, BalanceGrantsService, AdminOrdersService, AdminFeedService];

/**
 * The operators' operations, one implementation each, shared by the HTTP admin routes (actor: the
 * admin's Telegram id) and the admin CLI (actor `cli`); every change audited in its transaction.
 */
@Module({})
export class AdminOperationsModule {
  /** With the player sockets of the process: RealtimeModule in the API, RealtimeEmitterModule in the CLI. */
  static withSockets(sockets: Type): DynamicModule {
    return {
      module: AdminOperationsModule,
      imports: [
        AuditModule,
        BansModule,
        UsersModule,
        LedgerModule,
        SquadsModule,
        TemplatesModule.withSockets(sockets),
        SettlementModule.withSockets(sockets),
        RefundsModule.withSockets(sockets),
        sockets,
      ],
      providers: [AdminPlayersRepository, AdminFeedRepository, ...SERVICES],
      exports: [...SERVICES, TemplatesModule],
    };
  }
}
