import { Module } from '@nestjs/common';

import { LedgerModule } from '../ledger/ledger.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { UsersModule } from '../users/users.module.js';
import { RatingIngestService } from './rating-ingest.service.js';
import { RatingReadsService } from './rating-reads.service.js';
import { RatingRebuildService } from './rating-rebuild.service.js';
import { RatingTabsController } from './rating-tabs.controller.js';
import { RatingRepository } from './rating.repository.js';

/**
 * The boards: kept from the ledger's and the squads' events (ingest), read by the tabs and the
 * squads' lists (reads), written again from PostgreSQL (rebuild). The live boards are
 * RatingLiveModule's.
 */
@Module({
  imports: [UsersModule, LedgerModule, SquadsModule],
  controllers: [RatingTabsController],
  providers: [RatingRepository, RatingIngestService, RatingReadsService, RatingRebuildService],
  exports: [RatingIngestService, RatingReadsService, RatingRebuildService, RatingRepository],
})
export class RatingModule {}
