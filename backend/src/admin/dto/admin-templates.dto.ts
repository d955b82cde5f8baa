import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { type AdminTemplatePatch, type Gender, MEME_TEXT_MAX_LENGTH } from '@mememint/contracts';

import { GENDERS } from '../../templates/entities/template.entity.js';
import { TemplateCaptionsDto, TemplateTitlesDto } from '../../templates/dto/template.dto.js';

/** `PATCH /v1/admin/templates/{id}/`: the fields given change; `null` clears caption or gender. */
export class AdminTemplatePatchDto implements AdminTemplatePatch {
  @ApiPropertyOptional({ minLength: 1, maxLength: 120, description: 'In English' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  @Matches(/\S/, { message: 'title must not be blank' })
  title?: string;

  @ApiPropertyOptional({ type: TemplateTitlesDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => TemplateTitlesDto)
  titles?: TemplateTitlesDto;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MEME_TEXT_MAX_LENGTH })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(MEME_TEXT_MAX_LENGTH)
  caption?: string | null;

  @ApiPropertyOptional({ type: TemplateCaptionsDto, description: 'A blank one removes that language' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TemplateCaptionsDto)
  captions?: TemplateCaptionsDto;

  @ApiPropertyOptional({ type: [String], description: 'Letters, digits, - and _; lower-cased' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Matches(/^[\p{Ll}\p{Lo}\p{N}_-]{1,32}$/u, { each: true, message: 'tags must be lower-case words' })
  tags?: string[];

  @ApiPropertyOptional({ enum: GENDERS, nullable: true })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsIn(GENDERS)
  gender?: Gender | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  isPremium?: boolean;
}
