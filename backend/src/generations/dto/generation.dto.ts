import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  GENERATION_STAGES,
  type GenerationCreatedDto,
  type GenerationRatingDto,
  type GenerationStage,
  type GenerationStatus,
  type GenerationStatusDto,
  MEME_TEXT_MAX_LENGTH,
} from '@mememint/contracts';

import { MemeResponseDto } from '../../memes/dto/meme.dto.js';
import { GENERATION_STATUSES } from '../entities/generation.entity.js';

/** `POST /api/v1/memes/generations/`: a template or a meme to swap the player's face into (multipart fields). */
export class CreateGenerationDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The template to swap into (or memeId)' })
  @IsOptional()
  @IsUUID()
  templateId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The player’s own or a published meme to swap into' })
  @IsOptional()
  @IsUUID()
  memeId?: string;

  @ApiPropertyOptional({
    maxLength: MEME_TEXT_MAX_LENGTH,
    description: 'Caption (top and bottom split by a newline); a template’s own caption when absent',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MEME_TEXT_MAX_LENGTH)
  text?: string;

  @ApiPropertyOptional({
    example: '[0,2]',
    description:
      'Which faces of the picture to replace: `all`, or a JSON array of indices into its faces (largest first); default the largest',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  faces?: string;
}

/** The whole multipart form, for the API docs (the file is not a validated field). */
export class CreateGenerationForm extends CreateGenerationDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'The player’s face (JPEG); becomes their current face. Without it the current face is used',
  })
  photo?: unknown;
}

export class GenerationCreatedResponseDto implements GenerationCreatedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['queued'] }) status!: 'queued';
}

export class GenerationStatusResponseDto implements GenerationStatusDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: GENERATION_STATUSES }) status!: GenerationStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty({ enum: GENERATION_STAGES }) stage!: GenerationStage;
  @ApiPropertyOptional({ type: MemeResponseDto, description: 'When done' }) meme?: MemeResponseDto;
  @ApiPropertyOptional({
    type: [Number],
    description: 'When done: the faces of the target swapped (indices into its faces, largest first)',
  })
  faceIndexes?: number[];
  @ApiPropertyOptional({ description: 'Why it failed (its credit was refunded)' }) error?: string;
}

export class RateQueryDto {
  @ApiProperty({ minimum: 1, maximum: 5 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5)
  value!: number;
}

export class GenerationRatingResponseDto implements GenerationRatingDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
}
