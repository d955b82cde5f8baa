import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ErrorText, type MemeModerationDto, type Page, type ReportedMemeDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { DecisionDto, ReportsQueryDto } from '../moderation/dto/moderation.dto.js';
import { MemeModerationService } from '../moderation/meme-moderation.service.js';
import { ReportsService } from '../moderation/reports.service.js';
import type { User } from '../users/entities/user.entity.js';
import { AdminOnly } from './admin-only.decorator.js';

@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin')
export class AdminModerationController {
  constructor(
    private readonly reports: ReportsService,
    private readonly moderation: MemeModerationService,
  ) {}

  /** Reported memes with their reports, newest report first. */
  @Get('reports/')
  @ApiOkResponse({ description: 'A page of reported memes' })
  list(@Query() query: ReportsQueryDto): Promise<Page<ReportedMemeDto>> {
    return this.reports.page(query.status ?? null, query.page, query.pageSize);
  }

  /** Hides the meme (final until an admin restores it) and closes its open reports. */
  @Post('memes/:id/hide/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Hidden; open stakes on it returned' })
  @ApiNotFoundResponse({ description: 'Unknown meme' })
  hide(
    @CurrentUser() admin: User,
    @Param('id', uuidParam(ErrorText.memeNotFound)) id: string,
    @Body() body: DecisionDto,
  ): Promise<MemeModerationDto> {
    return this.moderation.hide(id, {
      actor: String(admin.tgId),
      reason: body.reason ?? null,
      closesReports: true,
    });
  }

  /** Shows the meme again and closes its open reports (they do not hide it again). */
  @Post('memes/:id/restore/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Visible again' })
  @ApiNotFoundResponse({ description: 'Unknown meme' })
  restore(
    @CurrentUser() admin: User,
    @Param('id', uuidParam(ErrorText.memeNotFound)) id: string,
    @Body() body: DecisionDto,
  ): Promise<MemeModerationDto> {
    return this.moderation.restore(id, {
      actor: String(admin.tgId),
      reason: body.reason ?? null,
      closesReports: true,
    });
  }
}
