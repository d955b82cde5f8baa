import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { AppConfig } from '../config/app.config.js';
import { BotApiClient } from './bot-api.client.js';
import { TelegramUpdatesService } from './telegram-updates.service.js';

/**
 * Registers the webhook (`setWebhook` with the secret token and the handled update kinds) when the
 * app starts with PUBLIC_URL set. Start-up does not wait for it: a failure is logged, and the
 * previous registration, if any, stays in force.
 */
@Injectable()
export class TelegramWebhookRegistrar implements OnApplicationBootstrap {
  private readonly logger = new Logger(TelegramWebhookRegistrar.name);

  constructor(
    private readonly bot: BotApiClient,
    private readonly updates: TelegramUpdatesService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const publicUrl = this.config.http.publicUrl;
    if (!publicUrl) return;
    if (this.config.telegram.webhookSecret === undefined) {
      this.logger.error('Telegram webhook not set: PUBLIC_URL is set but TELEGRAM_WEBHOOK_SECRET is not');
      return;
    }
    void this.register(`${publicUrl}/api/v1/telegram/webhook/`);
  }

  async register(url: string): Promise<void> {
    const allowedUpdates = this.updates.handledKinds();
    try {
      await this.bot.call('setWebhook', {
        url,
        secret_token: this.config.telegram.webhookSecret,
        allowed_updates: allowedUpdates,
      });
      this.logger.log(`Telegram webhook set to ${url} for ${allowedUpdates.join(', ') || 'no updates'}`);
    } catch (error) {
      this.logger.error(`Telegram webhook not set: ${(error as Error).message}`);
    }
  }
}
