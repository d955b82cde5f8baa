import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type {
  OpenedGiftDto,
  PendingGiftsDto,
  SwipeDeckDto,
  SwipeResultDto,
  SwipesUsedDto,
} from '@mememint/contracts';
import { ErrorText } from '@mememint/contracts';

import { CurrentSession, CurrentUser, type SessionRef } from '../common/decorators/current-user.decorator.js';
import { SessionCheckedInStatement } from '../common/decorators/session-checked-in-statement.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import type { User } from '../users/entities/user.entity.js';
import {
  OpenedGiftResponseDto,
  PendingGiftsResponseDto,
  SwipeDeckQueryDto,
  SwipeDeckResponseDto,
  SwipeRequestDto,
  SwipeResultResponseDto,
  SwipesUsedResponseDto,
} from './dto/swipe.dto.js';
import { SwipesService } from './swipes.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';

@ApiTags('swipes')
@ApiBearerAuth()
@Controller('v1/swipes')
export class SwipesController {
  constructor(private readonly swipes: SwipesService) {}

  @Get()
  @ApiOkResponse({ type: SwipeDeckResponseDto, description: 'Memes to swipe, best first' })
  async deck(@CurrentUser() user: User, @Query() query: SwipeDeckQueryDto): Promise<SwipeDeckDto> {
    return { items: await this.swipes.deck(user.tgId, query.limit) };
  }

  @Get('used/')
  @ApiOkResponse({ type: SwipesUsedResponseDto })
  used(@CurrentUser() user: User): Promise<SwipesUsedDto> {
    return this.swipes.used(user.tgId);
  }

  @Get('gifts/')
  @ApiOkResponse({ type: PendingGiftsResponseDto, description: 'Gifts not opened yet' })
  async gifts(@CurrentUser() user: User): Promise<PendingGiftsDto> {
    return { items: await this.swipes.pendingGifts(user.tgId) };
  }

  /** A GET, as the client calls it. */
  @Get('gifts/apply/')
  @ApiOkResponse({ type: OpenedGiftResponseDto, description: 'One pending gift, opened at random' })
  @ApiNotFoundResponse({ description: ErrorText.noGift })
  openGift(@CurrentUser() user: User): Promise<OpenedGiftDto> {
    return this.swipes.openGift(user.tgId);
  }

  @Post(':memeId/')
  @SessionCheckedInStatement()
  @RateLimit('swipes')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SwipeResultResponseDto })
  @ApiBadRequestResponse({ description: `Own meme, or "${ErrorText.noSwipesLeft}" with nextRefillAt` })
  @ApiForbiddenResponse({ description: 'The session was closed (refresh the tokens)' })
  @ApiNotFoundResponse({ description: 'Unknown or unpublished meme' })
  @ApiConflictResponse({ description: 'Swiped before (costs nothing)' })
  @ApiTooManyRequestsResponse({ description: 'Faster than SWIPE_MIN_INTERVAL_MS (costs nothing)' })
  swipe(
    @CurrentSession() session: SessionRef,
    @Param('memeId', uuidParam(ErrorText.memeNotFound)) memeId: string,
    @Body() body: SwipeRequestDto,
  ): Promise<SwipeResultDto> {
    return this.swipes.swipe(session, memeId, body.like);
  }
}
