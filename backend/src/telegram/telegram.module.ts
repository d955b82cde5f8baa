import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { BotApiModule } from './bot-api.module.js';
import { TelegramUpdate } from './entities/telegram-update.entity.js';
import { TelegramUpdatesRepository } from './telegram-updates.repository.js';
import { TelegramUpdatesService } from './telegram-updates.service.js';
import { TelegramWebhookController } from './telegram-webhook.controller.js';
import { TelegramWebhookRegistrar } from './telegram-webhook.registrar.js';
import { WebhookSecretGuard } from './webhook-secret.guard.js';

/**
 * Everything between the backend and the Telegram Bot API: the one client for its methods and the
 * webhook, whose updates go to handlers other modules register with TelegramUpdatesService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TelegramUpdate]), BotApiModule],
  controllers: [TelegramWebhookController],
  providers: [
    TelegramUpdatesRepository,
    TelegramUpdatesService,
    TelegramWebhookRegistrar,
    WebhookSecretGuard,
  ],
  exports: [BotApiModule, TelegramUpdatesService],
})
export class TelegramModule {}
