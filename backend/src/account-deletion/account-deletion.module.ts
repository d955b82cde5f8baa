import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { FeedModule } from '../feed/feed.module.js';
import { MediaModule } from '../media/media.module.js';
import { RatingModule } from '../rating/rating.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { SquadsModule } from '../squads/squads.module.js';
import { BotApiModule } from '../telegram/bot-api.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountDeletionController } from './account-deletion.controller.js';
import { AccountDeletionRepository } from './account-deletion.repository.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { DeletedAccount } from './entities/deleted-account.entity.js';

/** Deleting one's account (issue 25), and the memory of deleted Telegram ids. */
@Module({
  imports: [
    TypeOrmModule.forFeature([DeletedAccount]),
    FeedModule,
    MediaModule,
    RatingModule,
    RealtimeModule,
    SquadsModule,
    BotApiModule,
    UsersModule,
  ],
  controllers: [AccountDeletionController],
  providers: [AccountDeletionRepository, AccountDeletionService],
  exports: [AccountDeletionService],
})
export class AccountDeletionModule {}
