import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  MEME_TEXT_MAX_LENGTH,
  type MemeAuthorDto,
  type MemeDto,
  type MemeUpdateRequest,
  type Page,
  type PublicMemeDto,
} from '@mememint/contracts';

import { AnimationFieldsResponseDto } from '../../media/animation-fields.js';

export class MemeResponseDto extends AnimationFieldsResponseDto implements MemeDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Public id for /i/:shareId' }) shareId!: string;
  @ApiProperty({ type: String, nullable: true }) text!: string | null;
  @ApiProperty() isPublished!: boolean;
  @ApiProperty({ example: '/api/media/generations/<id>.jpg' }) imageUrl!: string;
  @ApiProperty({ example: '/api/media/generations/<id>.thumb.webp' }) thumbnailUrl!: string;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null for an uploaded photo' })
  generationId!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) templateId!: string | null;
  @ApiPropertyOptional({
    type: [Number],
    description:
      'The faces of the target its generation swapped (indices into its faces, largest first), when known',
  })
  faceIndexes?: number[];
  @ApiProperty() likes!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publishedAt!: string | null;
}

export class MemeAuthorResponseDto implements MemeAuthorDto {
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) photoUrl!: string | null;
}

/** A published meme as anyone sees it (`GET /api/v1/memes/share/{shareId}/`). */
export class PublicMemeResponseDto extends AnimationFieldsResponseDto implements PublicMemeDto {
  @ApiProperty({ format: 'uuid', description: 'For a generation `{memeId}`' }) id!: string;
  @ApiProperty() shareId!: string;
  @ApiProperty({ type: String, nullable: true }) text!: string | null;
  @ApiProperty() imageUrl!: string;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty() likes!: number;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
  @ApiProperty({ type: MemeAuthorResponseDto }) author!: MemeAuthorResponseDto;
}

export class MemePageDto implements Page<MemeDto> {
  @ApiProperty({ type: [MemeResponseDto] }) items!: MemeResponseDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}

/** `POST /api/v1/memes/`: the multipart fields beside the file. */
export class CreateMemeDto {
  @ApiPropertyOptional({ maxLength: MEME_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MEME_TEXT_MAX_LENGTH)
  text?: string;
}

/** The whole multipart form, for the API docs (the file is not a validated field). */
export class CreateMemeForm extends CreateMemeDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, at most 10 MB and 40 megapixels' })
  image!: unknown;
}

/** `PATCH /api/v1/memes/{id}/` */
export class UpdateMemeDto implements MemeUpdateRequest {
  @ApiPropertyOptional({ maxLength: MEME_TEXT_MAX_LENGTH, description: 'An empty text removes the caption' })
  @IsOptional()
  @IsString()
  @MaxLength(MEME_TEXT_MAX_LENGTH)
  text?: string;

  @ApiPropertyOptional({ description: 'Publishing puts it in the feed; its caption must be original' })
  @IsOptional()
  @IsBoolean()
  isPublished?: boolean;
}
