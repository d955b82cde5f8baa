import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type {
  AdminGrantResultDto,
  AdminLedgerEntryDto,
  AdminUserDto,
  AdminUserSummaryDto,
  Page,
} from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import type { User } from '../users/entities/user.entity.js';
import { AdminOnly } from './admin-only.decorator.js';
import { FlagRequestDto, GrantRequestDto, UserSearchQueryDto } from './dto/admin-console.dto.js';
import { AdminPlayersService } from './players/admin-players.service.js';
import { BalanceGrantsService } from './players/balance-grants.service.js';
import { tgIdParam } from './tg-id-param.js';

@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin/users')
export class AdminPlayersController {
  constructor(
    private readonly players: AdminPlayersService,
    private readonly grants: BalanceGrantsService,
  ) {}

  /** By Telegram id, or usernames and first names starting with `q`; the newest players without `q`. */
  @Get('/')
  @ApiOkResponse({ description: 'Up to 50 players' })
  search(@Query() query: UserSearchQueryDto): Promise<AdminUserSummaryDto[]> {
    return this.players.search(query.q ?? '');
  }

  @Get(':tgId/')
  @ApiNotFoundResponse({ description: 'Unknown player' })
  detail(@Param('tgId') tgId: string): Promise<AdminUserDto> {
    return this.players.detail(tgIdParam(tgId));
  }

  @Get(':tgId/ledger/')
  @ApiOkResponse({ description: 'The player’s ledger rows, newest first' })
  ledger(@Param('tgId') tgId: string, @Query() query: PageQueryDto): Promise<Page<AdminLedgerEntryDto>> {
    return this.players.ledger(tgIdParam(tgId), query.page, query.pageSize);
  }

  /** Gives (or, negative, takes) a balance through the ledger, once per key. */
  @Post(':tgId/grants/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Applied, or `applied: false` when the key was used for this grant before' })
  @ApiBadRequestResponse({ description: 'The balance would go below 0 (code BALANCE_BELOW_ZERO)' })
  @ApiConflictResponse({ description: 'The key was used for another grant (code GRANT_KEY_USED)' })
  grant(
    @CurrentUser() admin: User,
    @Param('tgId') tgId: string,
    @Body() body: GrantRequestDto,
  ): Promise<AdminGrantResultDto> {
    return this.grants.grant(String(admin.tgId), tgIdParam(tgId), {
      kind: body.kind,
      amount: body.amount,
      reason: body.reason.trim(),
      key: body.key,
    });
  }

  @Post(':tgId/influencer/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'On: an influencer leading their own squad; off: the squad dissolved' })
  async influencer(
    @CurrentUser() admin: User,
    @Param('tgId') tgId: string,
    @Body() body: FlagRequestDto,
  ): Promise<{ tgId: number; infl: boolean; squad: { id: number; title: string } | null }> {
    const change = await this.players.setInfluencer(
      String(admin.tgId),
      tgIdParam(tgId),
      body.on,
      body.reason ?? null,
    );
    return { tgId: change.tgId, infl: change.infl, squad: change.squad };
  }

  @Post(':tgId/admin/')
  @HttpCode(HttpStatus.OK)
  @ApiConflictResponse({
    description: 'An ADMIN_TG_IDS admin, or oneself, keeps admin (ADMIN_FROM_CONFIG, OWN_ADMIN)',
  })
  async admin(
    @CurrentUser() admin: User,
    @Param('tgId') tgId: string,
    @Body() body: FlagRequestDto,
  ): Promise<{ tgId: number; isAdmin: boolean }> {
    const id = tgIdParam(tgId);
    const { isAdmin } = await this.players.setAdmin(String(admin.tgId), id, body.on, body.reason ?? null);
    return { tgId: id, isAdmin };
  }
}
