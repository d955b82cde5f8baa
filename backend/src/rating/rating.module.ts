import { Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { UsersModule } from '../users/users.module.js';
import { RatingController } from './rating.controller.js';
import { RatingRepository } from './rating.repository.js';
import { RatingService } from './rating.service.js';
import { SquadBoardsController } from './squad-boards.controller.js';

/** The boards, kept from the ledger's and the squads' events, and their HTTP reads. */
@Module({
  imports: [UsersModule, LedgerModule, SquadsModule],
  controllers: [RatingController, SquadBoardsController],
  providers: [RatingRepository, RatingService, Clock],
  exports: [RatingService, RatingRepository],
})
export class RatingModule {}
