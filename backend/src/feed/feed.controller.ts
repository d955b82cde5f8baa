import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  ErrorText,
  type FeedItemDto,
  type FeedVoteDto,
  type MemeOfTheDayDto,
  type Page,
  type VotedItemDto,
} from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import type { User } from '../users/entities/user.entity.js';
import {
  FeedPageResponseDto,
  FeedQueryDto,
  FeedVoteRequestDto,
  FeedVoteResponseDto,
  MemeOfTheDayQueryDto,
  MemeOfTheDayResponseDto,
  VotedPageResponseDto,
} from './dto/feed.dto.js';
import { FeedService } from './feed.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

@ApiTags('feed')
@ApiBearerAuth()
@Controller('v1/feed')
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  @Get()
  @ApiOkResponse({ type: FeedPageResponseDto, description: 'Published memes of the period' })
  page(@CurrentUser() user: User, @Query() query: FeedQueryDto): Promise<Page<FeedItemDto>> {
    return this.feed.page(user.tgId, query.period, query.sort, query.page, query.pageSize);
  }

  @Get('voted/')
  @ApiOkResponse({
    type: VotedPageResponseDto,
    description: 'The player’s votes, newest first, with outcomes',
  })
  voted(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<Page<VotedItemDto>> {
    return this.feed.voted(user.tgId, query.page, query.pageSize);
  }

  @Get('meme-of-the-day/')
  @ApiOkResponse({ type: MemeOfTheDayResponseDto })
  @ApiNotFoundResponse({ description: 'No day (or not that day) settled yet' })
  memeOfTheDay(@CurrentUser() user: User, @Query() query: MemeOfTheDayQueryDto): Promise<MemeOfTheDayDto> {
    return this.feed.memeOfTheDay(user.tgId, query.date);
  }

  @Post(':memeId/')
  @RefuseBanned()
  @RateLimit('votes')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    type: FeedVoteResponseDto,
    description: 'Staked on the meme becoming the meme of its day',
  })
  @ApiBadRequestResponse({
    description: `Own meme, amount not a positive integer, voting closed, or "${ErrorText.notEnoughCoins}"`,
  })
  @ApiNotFoundResponse({ description: 'Unknown or unpublished meme' })
  @ApiConflictResponse({ description: 'Voted for this meme before' })
  vote(
    @CurrentUser() user: User,
    @Param('memeId', uuidParam(ErrorText.memeNotFound)) memeId: string,
    @Body() body: FeedVoteRequestDto,
  ): Promise<FeedVoteDto> {
    return this.feed.vote(user.tgId, memeId, body.amount);
  }
}
