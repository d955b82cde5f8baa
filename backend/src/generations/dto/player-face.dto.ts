import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FACE_NOTICE_CODES,
  type FaceBox,
  type FaceNotice,
  type FaceNoticeCode,
  type FaceUploadDto,
} from '@mememint/contracts';

/** `PUT /api/v1/users/face/`, for the API docs (the file is not a validated field). */
export class FaceUploadForm {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The player’s face (JPEG)' })
  photo!: unknown;
}

export class FaceBoxResponseDto implements FaceBox {
  @ApiProperty() x!: number;
  @ApiProperty() y!: number;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) score!: number;
}

export class FaceNoticeResponseDto implements FaceNotice {
  @ApiProperty({ enum: FACE_NOTICE_CODES }) code!: FaceNoticeCode;
  @ApiProperty() detail!: string;
}

export class FaceUploadResponseDto implements FaceUploadDto {
  @ApiProperty({
    type: [FaceBoxResponseDto],
    description: 'Every face found, largest first; the largest is used',
  })
  faces!: FaceBoxResponseDto[];
  @ApiPropertyOptional({
    type: FaceNoticeResponseDto,
    description: 'Several faces (the largest is used), glasses',
  })
  notice?: FaceNoticeResponseDto;
  @ApiProperty({ type: [FaceNoticeResponseDto] }) notices!: FaceNoticeResponseDto[];
}
