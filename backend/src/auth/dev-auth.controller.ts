import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AuthService } from './auth.service.js';
import { Public } from '../common/decorators/public.decorator.js';
import { AppConfig } from '../config/app.config.js';
import { DEVELOPMENT_BOT_TOKEN } from '../config/platform.variables.js';
import { DevInitDataRequestDto, DevInitDataResponseDto, DevTelegramResponseDto } from './dto/auth.dto.js';

/**
 * Development login: init data for a made-up user, so the mini app opens in a plain browser.
 * AppModule mounts DevAuthModule (this controller) only with DEV_LOGIN=1, which the config refuses in
 * production and with a real bot token (init data signed by a real token would let anyone be anyone).
 */
@ApiTags('auth (development only)')
@Controller('v1/auth/dev')
export class DevAuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('init-data/')
  @HttpCode(200)
  @ApiOkResponse({ type: DevInitDataResponseDto })
  initData(@Body() body: DevInitDataRequestDto): DevInitDataResponseDto {
    return { initData: this.auth.devInitData(body) };
  }

  /**
   * Where the browser's mock Telegram client pays invoices and plays Telegram's side: the Bot API
   * URL, only while the bot holds the development token (real Telegram refuses it, so that URL is
   * our fake Bot API; `npm start` prints the same).
   */
  @Public()
  @Get('telegram/')
  @ApiOkResponse({ type: DevTelegramResponseDto })
  telegram(): DevTelegramResponseDto {
    const { botToken, apiUrl } = this.config.telegram;
    return { fakeBotApiUrl: botToken === DEVELOPMENT_BOT_TOKEN ? apiUrl : null };
  }
}
