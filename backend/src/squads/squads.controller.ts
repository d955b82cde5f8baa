import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorText,
  type SquadDto,
  type SquadListResponse,
  type SquadMembershipDto,
  type SquadTitleDto,
} from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { intIdParam } from '../common/int-id-param.pipe.js';
import { SquadListResponseDto, SquadResponseDto } from '../rating/dto/rating.dto.js';
import { RatingReadsService } from '../rating/rating-reads.service.js';
import type { User } from '../users/entities/user.entity.js';
import { SquadMembershipResponseDto, SquadTitleResponseDto, UpdateSquadDto } from './dto/squads.dto.js';
import { SquadsService } from './squads.service.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

/** Every `/v1/squads` route: the ranked lists (their scores are the rating's), joining, leaving, renaming. */
@ApiTags('squads')
@ApiBearerAuth()
@Controller('v1/squads')
export class SquadsController {
  constructor(
    private readonly squads: SquadsService,
    private readonly rating: RatingReadsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: SquadListResponseDto, description: 'Squads by all-time score, with member counts' })
  list(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<SquadListResponse> {
    return this.rating.squadList(query.page, query.pageSize, user.tgId);
  }

  @Get(':id')
  @ApiOkResponse({ type: SquadResponseDto })
  squad(@Param('id', intIdParam(ErrorText.squadNotFound)) id: number): Promise<SquadDto> {
    return this.rating.squad(id);
  }

  @Patch('mine/')
  @ApiOkResponse({ type: SquadTitleResponseDto, description: 'The influencer’s squad renamed; others 403' })
  rename(@CurrentUser() user: User, @Body() body: UpdateSquadDto): Promise<SquadTitleDto> {
    return this.squads.rename(user.tgId, body.title);
  }

  @Post('leave/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    type: SquadMembershipResponseDto,
    description: '404 outside a squad, 409 for an influencer',
  })
  leave(@CurrentUser() user: User): Promise<SquadMembershipDto> {
    return this.squads.leave(user.tgId);
  }

  @Post(':id/join/')
  @RefuseBanned()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    type: SquadMembershipResponseDto,
    description:
      '404 unknown squad, 409 for an influencer, 429 {detail, retryAfter} within the switch cooldown',
  })
  join(
    @CurrentUser() user: User,
    @Param('id', intIdParam(ErrorText.squadNotFound)) id: number,
  ): Promise<SquadMembershipDto> {
    return this.squads.join(user.tgId, id);
  }
}
