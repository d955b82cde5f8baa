import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { DaySettlement } from './entities/day-settlement.entity.js';
import { SettlementRepository } from './settlement.repository.js';
import { SettlementService } from './settlement.service.js';

/**
 * Settling contest days, with nothing but the database, the ledger and player sockets: the feed
 * module runs it from its daily job, the admin command (`settle`) from the command line.
 */
@Module({})
export class SettlementModule {
  /**
   * With the player sockets of the process it runs in: RealtimeModule (the gateway) in the API,
   * RealtimeEmitterModule (through Redis) in the admin CLI.
   */
  static withSockets(sockets: Type): DynamicModule {
    return {
      module: SettlementModule,
      imports: [TypeOrmModule.forFeature([DaySettlement]), LedgerModule, sockets],
      providers: [SettlementRepository, SettlementService],
      exports: [SettlementService],
    };
  }
}
