import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ErrorText, type SquadDto, type SquadListResponse } from '@mememint/contracts';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { intIdParam } from '../common/int-id-param.pipe.js';
import type { User } from '../users/entities/user.entity.js';
import { SquadListResponseDto, SquadResponseDto } from './dto/rating.dto.js';
import { RatingService } from './rating.service.js';

/** The squads as ranked lists (their scores are the rating's); joining and leaving are the squads module's. */
@ApiTags('squads')
@ApiBearerAuth()
@Controller('v1/squads')
export class SquadBoardsController {
  constructor(private readonly rating: RatingService) {}

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
}
