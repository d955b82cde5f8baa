import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  type AnimationAnalysisState,
  type Gender,
  MEME_TEXT_MAX_LENGTH,
  type Page,
  type TemplateDto,
} from '@mememint/contracts';

import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { AnimationFieldsResponseDto } from '../../media/animation-fields.js';
import { GENDERS } from '../entities/template.entity.js';
import { FaceRectDto } from '../../face-analysis/face-rect.dto.js';

export class TemplateResponseDto extends AnimationFieldsResponseDto implements TemplateDto {
  @ApiPropertyOptional({
    enum: ['pending', 'ready', 'failed'],
    description: 'An animation’s analysis: pending after the upload, ready (faces found) or failed',
  })
  analysis?: AnimationAnalysisState;
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'In the player’s language when the template has it, else English' })
  title!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Default caption of memes made from it, in the player’s language when the template has it',
  })
  caption!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ enum: GENDERS, nullable: true }) gender!: Gender | null;
  @ApiProperty({ description: 'Needs an active boost' }) isPremium!: boolean;
  @ApiProperty() imageUrl!: string;
  @ApiProperty() thumbnailUrl!: string;
  @ApiProperty() width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({
    type: [FaceRectDto],
    description:
      'Its faces, largest first, in its pixels: `faces` of a generation indexes this list (empty until a template added before analyses is analysed)',
  })
  faces!: FaceRectDto[];
  @ApiProperty({
    minimum: 0,
    description:
      'The face a generation without `faces` swaps (an index into `faces`): the largest, or of faces of nearly its size (width ≥ 0.8 of it) the most frontal and sharpest',
  })
  defaultFace!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class TemplatePageDto implements Page<TemplateDto> {
  @ApiProperty({ type: [TemplateResponseDto] }) items!: TemplateResponseDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}

export class TemplateQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only templates with this tag' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  tag?: string;

  @ApiPropertyOptional({ enum: GENDERS })
  @IsOptional()
  @IsIn(GENDERS)
  gender?: Gender;
}

/** Multipart tags: repeated fields or one comma-separated field; trimmed, lower-cased, unique. */
function toTags(value: unknown): unknown {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(raw)) return raw;
  const tags = raw.map((tag) => (typeof tag === 'string' ? tag.trim().toLowerCase() : tag));
  return [...new Set(tags.filter((tag) => tag !== ''))];
}

/** Multipart booleans arrive as text. */
function toBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** A template's title in the languages other than English (multipart `titles[ru]`). */
export class TemplateTitlesDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 120 })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  ru?: string;
}

/**
 * A template's caption in the languages other than English (multipart `captions[ru]`, JSON
 * `captions.ru`); a blank one is none (the English caption then).
 */
export class TemplateCaptionsDto {
  @ApiPropertyOptional({ maxLength: MEME_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MEME_TEXT_MAX_LENGTH)
  ru?: string;
}

/** `POST /api/v1/memes/generations/templates/` (admins): the multipart fields beside the file. */
export class CreateTemplateDto {
  @ApiProperty({ minLength: 1, maxLength: 120, description: 'In English' })
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  title!: string;

  @ApiPropertyOptional({ type: TemplateTitlesDto, description: 'Other languages: `titles[ru]`' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TemplateTitlesDto)
  titles?: TemplateTitlesDto;

  @ApiPropertyOptional({ maxLength: MEME_TEXT_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MEME_TEXT_MAX_LENGTH)
  caption?: string;

  @ApiPropertyOptional({ type: TemplateCaptionsDto, description: 'Other languages: `captions[ru]`' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TemplateCaptionsDto)
  captions?: TemplateCaptionsDto;

  @ApiPropertyOptional({
    type: [String],
    description: 'Comma-separated or repeated; letters, digits, - and _',
  })
  @IsOptional()
  @Transform(({ value }) => toTags(value))
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Matches(/^[\p{L}\p{N}_-]{1,32}$/u, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ enum: GENDERS })
  @IsOptional()
  @IsIn(GENDERS)
  gender?: Gender;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @Transform(({ value }) => toBoolean(value))
  @IsBoolean()
  isPremium?: boolean;
}

/** The whole multipart form, for the API docs (the file is not a validated field). */
export class CreateTemplateForm extends CreateTemplateDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A JPEG photo with at least one face' })
  image!: unknown;
}
