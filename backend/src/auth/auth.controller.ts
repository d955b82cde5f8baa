import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { UserDto } from '@mememint/contracts';

import { toUserDto, UserResponseDto } from '../users/dto/user-response.dto.js';
import type { User } from '../users/entities/user.entity.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { LoginRequestDto, LoginResponseDto, RefreshRequestDto, RefreshResponseDto } from './dto/auth.dto.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';

@ApiTags('auth')
@Controller('v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login/')
  @RateLimit('auth')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto, description: 'Bad, stale or forged init data answers 401' })
  login(@Body() body: LoginRequestDto): Promise<LoginResponseDto> {
    return this.auth.login(body.initData);
  }

  @Public()
  @Post('refresh-token/')
  @RateLimit('auth')
  @HttpCode(200)
  @ApiOkResponse({ type: RefreshResponseDto, description: 'A used, expired or revoked token answers 401' })
  refresh(@Body() body: RefreshRequestDto): Promise<RefreshResponseDto> {
    return this.auth.refresh(body.refreshToken);
  }

  @ApiBearerAuth()
  @Get('me/')
  @ApiOkResponse({ type: UserResponseDto })
  me(@CurrentUser() user: User): UserDto {
    return toUserDto(user);
  }
}
