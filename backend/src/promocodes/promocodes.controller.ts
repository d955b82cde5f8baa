import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Page, PromoApplyResponse, PromoCodeDto, PromoCreateResponse } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import type { User } from '../users/entities/user.entity.js';
import {
  CreatePromoCodeDto,
  PromoApplyResponseDto,
  PromoCodePageDto,
  PromoCreateResponseDto,
} from './dto/promocode.dto.js';
import { PromocodesService } from './promocodes.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

@ApiTags('promocodes')
@ApiBearerAuth()
@Controller('v1/promocodes')
export class PromocodesController {
  constructor(private readonly promocodes: PromocodesService) {}

  @Post()
  @RefuseBanned()
  @RateLimit('promo')
  @ApiCreatedResponse({
    type: PromoCreateResponseDto,
    description: 'A new code (influencers only, else 403)',
  })
  create(@CurrentUser() user: User, @Body() body: CreatePromoCodeDto): Promise<PromoCreateResponse> {
    return this.promocodes.create(user, body.description?.trim() || null);
  }

  @Get('mine/')
  @ApiOkResponse({ type: PromoCodePageDto, description: 'The player’s own codes with their use counts' })
  mine(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<Page<PromoCodeDto>> {
    return this.promocodes.mine(user.tgId, query.page, query.pageSize);
  }

  @Post(':code')
  @RefuseBanned()
  @RateLimit('promo')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    type: PromoApplyResponseDto,
    description: 'Credits granted; 400 too short or own code, 404 unknown, 409 used before, 410 used up',
  })
  apply(@CurrentUser() user: User, @Param('code') code: string): Promise<PromoApplyResponse> {
    return this.promocodes.apply(user.tgId, code);
  }
}
