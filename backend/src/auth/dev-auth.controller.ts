import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthService } from './auth.service.js';
import { Public } from './decorators/public.decorator.js';
import { DevInitDataRequestDto, DevInitDataResponseDto } from './dto/auth.dto.js';

/**
 * Development login: init data for a made-up user, so the mini app opens in a plain browser.
 * AuthModule registers this controller only outside production.
 */
@ApiTags('auth (development only)')
@Controller('v1/auth/dev')
export class DevAuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('init-data/')
  @HttpCode(200)
  @ApiOkResponse({ type: DevInitDataResponseDto })
  initData(@Body() body: DevInitDataRequestDto): DevInitDataResponseDto {
    return { initData: this.auth.devInitData(body) };
  }
}
