import { Controller, Delete, HttpCode, HttpStatus, Put, UploadedFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FaceUploadDto } from '@mememint/contracts';

import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ImageUpload, requiredImage, type UploadedImage } from '../media/image-upload.interceptor.js';
import { RateLimit } from '../rate-limits/rate-limit.decorator.js';
import { User } from '../users/entities/user.entity.js';
import { FaceUploadForm, FaceUploadResponseDto } from './dto/player-face.dto.js';
import { PlayerFacesService } from './player-faces.service.js';
import { RefuseBanned } from '../moderation/ban.guard.js';
import { requireFaceConsent } from './face-consent.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('v1/users')
export class PlayerFacesController {
  constructor(private readonly faces: PlayerFacesService) {}

  @Put('face')
  @RefuseBanned()
  @HttpCode(HttpStatus.OK)
  // Each check costs the worker an analysis: limited per player like every upload.
  @RateLimit('uploads')
  @ImageUpload('photo', { fileFilter: requireFaceConsent })
  @ApiForbiddenResponse({
    description:
      '`{detail, code: "FACE_CONSENT_REQUIRED"}` with a photo before `POST /v1/users/face/consent/`; BANNED',
  })
  @ApiBody({ type: FaceUploadForm })
  @ApiOkResponse({
    type: FaceUploadResponseDto,
    description: 'The photo passed the face check and is the player’s current face (never charged)',
  })
  @ApiBadRequestResponse({
    description:
      '`{detail, code}`: the face check refused the photo (code NO_FACE, FACE_TOO_SMALL, FACE_TURNED, FACE_BLURRED or FACE_TOO_DARK), or it is not a JPEG',
  })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT_UPLOADS_PER_PLAYER reached' })
  @ApiServiceUnavailableResponse({ description: 'No inference worker answered in time, or Redis is away' })
  upload(
    @CurrentUser() user: User,
    @UploadedFile(requiredImage('photo')) photo: UploadedImage,
  ): Promise<FaceUploadDto> {
    return this.faces.upload(user.tgId, photo.buffer);
  }

  /** Forgets the player's face: every face photo and its analysis, also open to a banned player. */
  @Delete('face')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'No face photo of the player is kept any more' })
  async delete(@CurrentUser() user: User): Promise<void> {
    await this.faces.delete(user.tgId);
  }
}
