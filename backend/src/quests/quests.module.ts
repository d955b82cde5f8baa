import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { TelegramModule } from '../telegram/telegram.module.js';
import { UsersModule } from '../users/users.module.js';
import { VisitsModule } from '../visits/visits.module.js';
import { QuestCompletion } from './entities/quest-completion.entity.js';
import { Quest } from './entities/quest.entity.js';
import { QuestsController } from './quests.controller.js';
import { QuestsRepository } from './quests.repository.js';
import { QuestsService } from './quests.service.js';

/** Quests and their one-time rewards; QuestsService.complete is for modules that see a quest done. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Quest, QuestCompletion]),
    LedgerModule,
    MemesModule,
    TelegramModule,
    UsersModule,
    VisitsModule,
  ],
  controllers: [QuestsController],
  providers: [QuestsRepository, QuestsService],
  exports: [QuestsService],
})
export class QuestsModule {}
