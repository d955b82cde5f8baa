import { Module } from '@nestjs/common';

import { BotApiClient } from './bot-api.client.js';

/** The Bot API client alone, for processes that call Telegram but take no webhook (the admin CLI). */
@Module({ providers: [BotApiClient], exports: [BotApiClient] })
export class BotApiModule {}
