import { Module } from '@nestjs/common';

import { LedgerPartitionsRepository } from './ledger-partitions.repository.js';
import { LedgerPartitionsService } from './ledger-partitions.service.js';

/** The API's daily job that makes the ledger's monthly partitions ahead (not in the operator CLI). */
@Module({
  providers: [LedgerPartitionsService, LedgerPartitionsRepository],
  exports: [LedgerPartitionsService, LedgerPartitionsRepository],
})
export class LedgerPartitionsModule {}
