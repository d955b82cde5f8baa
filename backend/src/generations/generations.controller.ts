import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UploadedFile,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { GenerationCreatedDto, GenerationRatingDto, GenerationStatusDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { ImageUpload, type UploadedImage } from '../media/image-upload.interceptor.js';
import { User } from '../users/entities/user.entity.js';
import {
  CreateGenerationDto,
  CreateGenerationForm,
  GenerationCreatedResponseDto,
  GenerationRatingResponseDto,
  GenerationStatusResponseDto,
  RateQueryDto,
} from './dto/generation.dto.js';
import { GenerationsService } from './generations.service.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import { RefuseBanned } from '../moderation/ban.guard.js';
import { requireFaceConsent } from './face-consent.js';

const generationId = uuidParam('Generation not found');

@ApiTags('generations')
@ApiBearerAuth()
@Controller('v1/memes/generations')
export class GenerationsController {
  constructor(private readonly generations: GenerationsService) {}

  @Post()
  @RefuseBanned()
  @RateLimit('generations', 'uploads')
  @ImageUpload('photo', { fileFilter: requireFaceConsent })
  @ApiForbiddenResponse({
    description:
      '`{detail, code: "FACE_CONSENT_REQUIRED"}` with a photo before `POST /v1/users/face/consent/`; BANNED',
  })
  @ApiBody({ type: CreateGenerationForm })
  @ApiCreatedResponse({
    type: GenerationCreatedResponseDto,
    description: 'Charged and queued; progress follows on the socket (`generation:*`)',
  })
  @ApiPaymentRequiredResponse({ description: 'A premium template without an active boost' })
  @ApiTooManyRequestsResponse({
    description: 'No credits and the free generation of the last 30 minutes is used',
  })
  start(
    @CurrentUser() user: User,
    @UploadedFile() photo: UploadedImage | undefined,
    @Body() body: CreateGenerationDto,
  ): Promise<GenerationCreatedDto> {
    return this.generations.start(user, {
      photo: photo?.buffer,
      templateId: body.templateId,
      memeId: body.memeId,
      text: body.text,
      faces: body.faces,
    });
  }

  @Get(':id/status')
  @ApiOkResponse({
    type: GenerationStatusResponseDto,
    description: 'The polling fallback of the socket events',
  })
  status(@CurrentUser() user: User, @Param('id', generationId) id: string): Promise<GenerationStatusDto> {
    return this.generations.status(user.tgId, id);
  }

  @Post(':id/rate')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: GenerationRatingResponseDto })
  rate(
    @CurrentUser() user: User,
    @Param('id', generationId) id: string,
    @Query() query: RateQueryDto,
  ): Promise<GenerationRatingDto> {
    return this.generations.rate(user.tgId, id, query.value);
  }
}
