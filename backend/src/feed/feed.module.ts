import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { DaySettlement } from './entities/day-settlement.entity.js';
import { FeedVote } from './entities/feed-vote.entity.js';
import { FeedQueue } from './feed-queue.js';
import { FeedController } from './feed.controller.js';
import { FeedRepository } from './feed.repository.js';
import { FeedService } from './feed.service.js';
import { SettlementProcessor } from './settlement.processor.js';
import { SettlementModule } from './settlement.module.js';
import { StakeReturnsService } from './stake-returns.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([FeedVote, DaySettlement]),
    LedgerModule,
    MemesModule,
    SettlementModule.withSockets(RealtimeModule),
  ],
  controllers: [FeedController],
  providers: [FeedRepository, FeedService, FeedQueue, SettlementProcessor, StakeReturnsService],
  exports: [StakeReturnsService],
})
export class FeedModule {}
