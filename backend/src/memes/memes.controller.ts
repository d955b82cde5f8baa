import { Body, Controller, Get, Param, Patch, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MemeDto, Page } from '@mememint/contracts';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { ImageUpload, requiredImage, type UploadedImage } from '../media/image-upload.interceptor.js';
import { User } from '../users/entities/user.entity.js';
import {
  CreateMemeDto,
  CreateMemeForm,
  MemePageDto,
  MemeResponseDto,
  UpdateMemeDto,
} from './dto/meme.dto.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { MemesService } from './memes.service.js';

@ApiTags('memes')
@ApiBearerAuth()
@Controller('v1/memes')
export class MemesController {
  constructor(private readonly memes: MemesService) {}

  @Post()
  @ImageUpload('image')
  @ApiBody({ type: CreateMemeForm })
  @ApiCreatedResponse({ type: MemeResponseDto, description: 'The photo as a new meme in the history' })
  create(
    @CurrentUser() user: User,
    @UploadedFile(requiredImage('image')) image: UploadedImage,
    @Body() body: CreateMemeDto,
  ): Promise<MemeDto> {
    return this.memes.createFromUpload(user.tgId, image.buffer, body.text ?? null);
  }

  @Get()
  @ApiOkResponse({ type: MemePageDto, description: 'The player’s memes, newest first' })
  history(@CurrentUser() user: User, @Query() query: PageQueryDto): Promise<Page<MemeDto>> {
    return this.memes.history(user.tgId, query.page, query.pageSize);
  }

  @Patch(':id')
  @ApiOkResponse({ type: MemeResponseDto })
  update(
    @CurrentUser() user: User,
    @Param('id', uuidParam('Meme not found')) id: string,
    @Body() body: UpdateMemeDto,
  ): Promise<MemeDto> {
    return this.memes.update(user.tgId, id, body);
  }
}
