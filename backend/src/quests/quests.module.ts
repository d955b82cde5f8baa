import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { TelegramModule } from '../telegram/telegram.module.js';
import { UsersModule } from '../users/users.module.js';
import { VisitsModule } from '../visits/visits.module.js';
import { WalletLinkedHook } from '../wallet/wallet-linked.hook.js';
import { QuestCompletion } from './entities/quest-completion.entity.js';
import { Quest } from './entities/quest.entity.js';
import { QuestsController } from './quests.controller.js';
import { QuestsRepository } from './quests.repository.js';
import { QuestsService } from './quests.service.js';

/**
 * Quests and their one-time rewards; QuestsService.complete is for modules that see a quest done.
 * Global only to provide the hooks of modules below it (WalletLinkedHook: the wallet module calls it
 * without importing this module, so the imports keep pointing one way).
 */
@Global()
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
  providers: [
    QuestsRepository,
    QuestsService,
    {
      provide: WalletLinkedHook,
      useFactory: (quests: QuestsService): WalletLinkedHook => ({
        walletLinked: async (userId, em) => {
          await quests.complete(userId, 'ton_wallet', em);
        },
      }),
      inject: [QuestsService],
    },
  ],
  exports: [QuestsService, WalletLinkedHook],
})
export class QuestsModule {}
