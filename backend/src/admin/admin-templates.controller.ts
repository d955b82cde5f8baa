import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { AdminTemplateDto, Page } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { TEMPLATE_NOT_FOUND, TemplateAdminService } from '../templates/template-admin.service.js';
import type { User } from '../users/entities/user.entity.js';
import { AdminOnly } from './admin-only.decorator.js';
import { AdminTemplatePatchDto } from './dto/admin-templates.dto.js';

const templateId = uuidParam(TEMPLATE_NOT_FOUND);

/** Templates for admins; creating one stays `POST /v1/memes/generations/templates/` (stored disabled). */
@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin/templates')
export class AdminTemplatesController {
  constructor(private readonly templates: TemplateAdminService) {}

  @Get('/')
  @ApiOkResponse({ description: 'Every template, newest first, with its faces, state and use' })
  list(@Query() query: PageQueryDto): Promise<Page<AdminTemplateDto>> {
    return this.templates.page(query.page, query.pageSize);
  }

  @Get(':id/')
  @ApiNotFoundResponse({ description: 'Unknown template' })
  get(@Param('id', templateId) id: string): Promise<AdminTemplateDto> {
    return this.templates.get(id);
  }

  @Patch(':id/')
  @ApiOkResponse({ description: 'Edited' })
  update(
    @CurrentUser() admin: User,
    @Param('id', templateId) id: string,
    @Body() body: AdminTemplatePatchDto,
  ): Promise<AdminTemplateDto> {
    return this.templates.update(String(admin.tgId), id, body);
  }

  @Post(':id/enable/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Listed to players' })
  enable(@CurrentUser() admin: User, @Param('id', templateId) id: string): Promise<AdminTemplateDto> {
    return this.templates.setEnabled(String(admin.tgId), id, true);
  }

  @Post(':id/disable/')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Off the players’ list; memes made from it stay' })
  disable(@CurrentUser() admin: User, @Param('id', templateId) id: string): Promise<AdminTemplateDto> {
    return this.templates.setEnabled(String(admin.tgId), id, false);
  }

  @Delete(':id/')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted with its files' })
  @ApiConflictResponse({ description: 'Used by generations or memes (code TEMPLATE_IN_USE)' })
  async remove(@CurrentUser() admin: User, @Param('id', templateId) id: string): Promise<void> {
    await this.templates.remove(String(admin.tgId), id);
  }
}
