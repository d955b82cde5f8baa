import { Body, Controller, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ErrorText, type SquadMembershipDto, type SquadTitleDto } from '@mememint/contracts';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { intIdParam } from '../common/int-id-param.pipe.js';
import type { User } from '../users/entities/user.entity.js';
import { SquadMembershipResponseDto, SquadTitleResponseDto, UpdateSquadDto } from './dto/squads.dto.js';
import { SquadsService } from './squads.service.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

/** Joining, leaving and renaming; the ranked lists are the rating's (`GET /v1/squads/`). */
@ApiTags('squads')
@ApiBearerAuth()
@Controller('v1/squads')
export class SquadsController {
  constructor(private readonly squads: SquadsService) {}

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
