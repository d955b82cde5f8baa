import { Body, Controller, Get, Post, Query, UploadedFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Page, TemplateDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ImageUpload, requiredImage, type UploadedImage } from '../media/image-upload.interceptor.js';
import { User } from '../users/entities/user.entity.js';
import {
  CreateTemplateDto,
  CreateTemplateForm,
  TemplatePageDto,
  TemplateQueryDto,
  TemplateResponseDto,
} from './dto/template.dto.js';
import { AdminGuard } from '../auth/admin.guard.js';
import { TemplatesService } from './templates.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';

@ApiTags('templates')
@ApiBearerAuth()
@Controller('v1/memes/generations/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ApiOkResponse({
    type: TemplatePageDto,
    description:
      'Templates, newest first, titled in the player’s language; with the player’s gender set, that gender’s first, then those for anyone, then the rest',
  })
  list(@CurrentUser() user: User, @Query() query: TemplateQueryDto): Promise<Page<TemplateDto>> {
    return this.templates.list({ ...query, language: user.languageCode, preferredGender: user.gender });
  }

  @Post()
  @RateLimit('uploads')
  @UseGuards(AdminGuard)
  @ImageUpload('image')
  @ApiBody({ type: CreateTemplateForm })
  @ApiCreatedResponse({
    type: TemplateResponseDto,
    description:
      'Admins only; the photo must show a face. Stored disabled, with its faces, until an admin enables it',
  })
  create(
    @CurrentUser() user: User,
    @UploadedFile(requiredImage('image')) image: UploadedImage,
    @Body() body: CreateTemplateDto,
  ): Promise<TemplateDto> {
    return this.templates.create(user.tgId, image.buffer, body);
  }
}
