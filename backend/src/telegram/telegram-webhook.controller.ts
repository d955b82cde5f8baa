import { BadRequestException, Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Update } from '@grammyjs/types';

import { Public } from '../common/decorators/public.decorator.js';
import { TelegramUpdatesService } from './telegram-updates.service.js';
import { WebhookSecretGuard } from './webhook-secret.guard.js';

/** Telegram's webhook: updates for the bot, authenticated by the secret token header. */
@ApiExcludeController()
@Controller('v1/telegram/webhook')
export class TelegramWebhookController {
  constructor(private readonly updates: TelegramUpdatesService) {}

  @Public()
  @UseGuards(WebhookSecretGuard)
  @Post()
  @HttpCode(200)
  async receive(@Body() update: Update): Promise<void> {
    // An Update has dozens of optional shapes: only its id is checked here, each handler reads its kind.
    if (typeof update?.update_id !== 'number' || !Number.isSafeInteger(update.update_id))
      throw new BadRequestException('update_id must be an integer');
    await this.updates.handle(update);
  }
}
