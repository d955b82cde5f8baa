import { Body, Controller, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorText, type ReportResultDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import type { User } from '../users/entities/user.entity.js';
import { RefuseBanned } from './ban.guard.js';
import { ReportRequestDto, ReportResultResponseDto } from './dto/moderation.dto.js';
import { ReportsService } from './reports.service.js';

@ApiTags('moderation')
@ApiBearerAuth()
@Controller('v1/memes')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post(':id/report/')
  @RefuseBanned()
  @RateLimit('reports')
  @ApiCreatedResponse({ type: ReportResultResponseDto, description: 'Reported' })
  @ApiBadRequestResponse({ description: 'Unknown reason, or one’s own meme' })
  @ApiNotFoundResponse({ description: 'Unknown, unpublished or hidden meme' })
  @ApiConflictResponse({ description: 'Reported by this player before (code ALREADY_REPORTED)' })
  report(
    @CurrentUser() user: User,
    @Param('id', uuidParam(ErrorText.memeNotFound)) id: string,
    @Body() body: ReportRequestDto,
  ): Promise<ReportResultDto> {
    return this.reports.report(user.tgId, id, body.reason);
  }
}
