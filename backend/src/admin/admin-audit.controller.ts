import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuditEntryDto, Page } from '@mememint/contracts';

import { AdminOnly } from './admin-only.decorator.js';
import { AuditService } from './audit/audit.service.js';
import { AuditQueryDto } from './dto/audit-query.dto.js';

@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  /** Admin and moderation actions, newest first. */
  @Get('/')
  @ApiOkResponse({ description: 'A page of audit entries' })
  list(@Query() query: AuditQueryDto): Promise<Page<AuditEntryDto>> {
    return this.audit.page(query.action ?? null, query.page, query.pageSize);
  }
}
