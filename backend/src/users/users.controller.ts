import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ReferralsResponse, UserDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { ReferralsResponseDto } from './dto/referrals.dto.js';
import { UserPatchDto } from './dto/user-patch.dto.js';
import { toUserDto, UserResponseDto } from './dto/user-response.dto.js';
import type { User } from './entities/user.entity.js';
import { ReferralsService } from './referrals.service.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('v1/users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly referralsService: ReferralsService,
  ) {}

  /** Marks onboarding done (a GET, as the client calls it). */
  @Get('unboarding-finish/')
  @ApiOkResponse({ type: UserResponseDto })
  async finishOnboarding(@CurrentUser() user: User): Promise<UserDto> {
    return toUserDto(await this.users.finishOnboarding(user.tgId));
  }

  /** The player's own settings (the gender said on Profile); answers the user as `/auth/me/` does. */
  @Patch('me/')
  @ApiOkResponse({ type: UserResponseDto })
  async updateMe(@CurrentUser() user: User, @Body() body: UserPatchDto): Promise<UserDto> {
    return toUserDto(await this.users.updateSettings(user.tgId, body));
  }

  @Get('referrals/')
  @ApiOkResponse({ type: ReferralsResponseDto, description: 'The invite link, counters and invited friends' })
  referrals(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<ReferralsResponse> {
    return this.referralsService.referrals(user.tgId, query.page, query.pageSize);
  }
}
