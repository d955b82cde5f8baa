import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { UsersModule } from '../users/users.module.js';
import { InfluencerShare } from './entities/influencer-share.entity.js';
import { Squad } from './entities/squad.entity.js';
import { SquadMembership } from './entities/squad-membership.entity.js';
import { InfluencerShareService } from './influencer-share.service.js';
import { InfluencerSharesRepository } from './influencer-shares.repository.js';
import { SquadEvents } from './squad-events.js';
import { SquadsRepository } from './squads.repository.js';
import { SquadsService } from './squads.service.js';

/** Squads, memberships and influencer shares; their routes are SquadsApiModule's. */
@Module({
  imports: [TypeOrmModule.forFeature([Squad, SquadMembership, InfluencerShare]), UsersModule],
  providers: [
    SquadsRepository,
    InfluencerSharesRepository,
    SquadsService,
    InfluencerShareService,
    SquadEvents,
  ],
  exports: [SquadsService, SquadsRepository, InfluencerShareService, SquadEvents],
})
export class SquadsModule {}
