import { Body, Controller, HttpCode, HttpStatus, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type BanDto, ErrorText } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { BanRequestDto, DecisionDto } from '../moderation/dto/moderation.dto.js';
import { BansService } from '../moderation/bans.service.js';
import type { User } from '../users/entities/user.entity.js';
import { AdminOnly } from './admin-only.decorator.js';
import { tgIdParam } from './tg-id-param.js';

@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin/users')
export class AdminBansController {
  constructor(private readonly bans: BansService) {}

  /** Bans a Telegram id (again: from now), for `days` or until lifted; an admin cannot be banned. */
  @Post(':tgId/ban/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'The ban in force' })
  @ApiConflictResponse({ description: 'The player is an admin (code ADMIN_NOT_BANNABLE)' })
  ban(@CurrentUser() admin: User, @Param('tgId') tgId: string, @Body() body: BanRequestDto): Promise<BanDto> {
    return this.bans.ban(String(admin.tgId), tgIdParam(tgId), body.reason, body.days ?? null);
  }

  @Post(':tgId/unban/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Lifted' })
  @ApiNotFoundResponse({ description: 'Not banned' })
  async unban(
    @CurrentUser() admin: User,
    @Param('tgId') tgId: string,
    @Body() body: DecisionDto,
  ): Promise<{ tgId: number; banned: false }> {
    const id = tgIdParam(tgId);
    if (!(await this.bans.unban(String(admin.tgId), id, body.reason ?? null)))
      throw new NotFoundException(ErrorText.notBanned);
    return { tgId: id, banned: false };
  }
}
