import {
  Body,
  Controller,
  Get,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  UploadedFile,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import {
  ErrorText,
  type MemeDto,
  type MemeFacesDto,
  type Page,
  type PublicMemeDto,
} from '@mememint/contracts';

import { MemeFacesResponseDto } from '../face-analysis/face-rect.dto.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { ImageUpload, requiredImage, type UploadedImage } from '../media/image-upload.interceptor.js';
import { User } from '../users/entities/user.entity.js';
import {
  CreateMemeDto,
  CreateMemeForm,
  MemePageDto,
  MemeResponseDto,
  PublicMemeResponseDto,
  UpdateMemeDto,
} from './dto/meme.dto.js';
import { PageQueryDto } from '../common/dto/page-query.dto.js';
import { MemesService } from './memes.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import { RefuseBanned } from '../moderation/ban.guard.js';

@ApiTags('memes')
@ApiBearerAuth()
@Controller('v1/memes')
export class MemesController {
  constructor(private readonly memes: MemesService) {}

  @Post()
  @RefuseBanned()
  @RateLimit('uploads')
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

  /** The shared meme for the `/i/:shareId` page of the mini app; no sign-in needed. */
  @Public()
  @Get('share/:shareId')
  @ApiOkResponse({ type: PublicMemeResponseDto })
  @ApiNotFoundResponse({ description: 'Unknown or not published' })
  async shared(@Param('shareId') shareId: string): Promise<PublicMemeDto> {
    const meme = await this.memes.findPublished(shareId);
    if (!meme) throw new NotFoundException(ErrorText.memeNotFound);
    return meme;
  }

  @Get(':id/faces')
  @ApiOkResponse({
    type: MemeFacesResponseDto,
    description:
      'The faces of a picture to swap into (an own uploaded photo), analysed once on the first ask',
  })
  @ApiNotFoundResponse({ description: 'Unknown, or neither the player’s own nor published' })
  faces(
    @CurrentUser() user: User,
    @Param('id', uuidParam(ErrorText.memeNotFound)) id: string,
  ): Promise<MemeFacesDto> {
    return this.memes.faces(user.tgId, id);
  }

  @Patch(':id')
  @RefuseBanned()
  // Each new caption is a worker job and two new files: limited per player across replicas.
  @RateLimit('captions')
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_CAPTIONS_PER_PLAYER reached' })
  @ApiOkResponse({ type: MemeResponseDto })
  update(
    @CurrentUser() user: User,
    @Param('id', uuidParam(ErrorText.memeNotFound)) id: string,
    @Body() body: UpdateMemeDto,
  ): Promise<MemeDto> {
    return this.memes.update(user.tgId, id, body);
  }
}
