import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerEntry } from './entities/ledger-entry.entity.js';
import { LedgerKey } from './entities/ledger-key.entity.js';
import { LedgerEvents } from './ledger-events.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LedgerEntry, LedgerKey])],
  providers: [LedgerService, LedgerRepository, LedgerEvents],
  exports: [LedgerService, LedgerEvents],
})
export class LedgerModule {}
