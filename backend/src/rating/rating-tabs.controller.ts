import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { RatingPlayersResponse, RatingSquadsResponse } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import type { User } from '../users/entities/user.entity.js';
import { RatingPlayersResponseDto, RatingQueryDto, RatingSquadsResponseDto } from './dto/rating.dto.js';
import { RatingReadsService } from './rating-reads.service.js';

/** The rating's tabs, `GET /v1/users/rate/` (the spec's route, under users). */
@ApiTags('rating')
@ApiBearerAuth()
@ApiExtraModels(RatingPlayersResponseDto, RatingSquadsResponseDto)
@Controller('v1/users')
export class RatingTabsController {
  constructor(private readonly rating: RatingReadsService) {}

  @Get('rate/')
  @ApiOkResponse({
    description: 'tab=global|me|squad: players (squad: 404 outside a squad); tab=squads: squads',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(RatingPlayersResponseDto) },
        { $ref: getSchemaPath(RatingSquadsResponseDto) },
      ],
    },
  })
  rate(
    @CurrentUser() user: User,
    @Query() query: RatingQueryDto,
  ): Promise<RatingPlayersResponse | RatingSquadsResponse> {
    return query.tab === 'squads'
      ? this.rating.squadsTab(query.period, query.page, user.tgId)
      : this.rating.players(query.tab, query.period, query.page, user.tgId);
  }
}
