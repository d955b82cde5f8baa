import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  STICKER_STYLES,
  type StickerDto,
  type StickerPackCreateRequest,
  type StickerPackDto,
  type StickerPackListDto,
  type StickerPackUpdateRequest,
  type StickerStyle,
} from '@mememint/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';

/** Ids beyond this are refused before anything else (a set holds at most 120 anyway). */
const MAX_IDS = 200;

export class CreateStickerPackDto implements StickerPackCreateRequest {
  @ApiProperty({ maxLength: 64 })
  @IsString()
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(64)
  title!: string;

  @ApiProperty({ type: [String], description: 'Your memes, in sticker order (at least one, at most 120)' })
  @IsArray()
  @ArrayMaxSize(MAX_IDS)
  @IsUUID('all', { each: true, message: 'memeIds must be meme ids' })
  memeIds!: string[];

  @ApiPropertyOptional({ enum: STICKER_STYLES, default: 'full' })
  @IsOptional()
  @IsIn(STICKER_STYLES)
  style?: StickerStyle;
}

export class UpdateStickerPackDto implements StickerPackUpdateRequest {
  @ApiPropertyOptional({ type: [String], description: 'Memes to add at the end' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDS)
  @IsUUID('all', { each: true, message: 'add must be meme ids' })
  add?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Memes whose stickers to remove' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_IDS)
  @IsUUID('all', { each: true, message: 'remove must be meme ids' })
  remove?: string[];

  @ApiPropertyOptional({ maxLength: 64 })
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(64)
  title?: string;
}

export class StickerResponseDto implements StickerDto {
  @ApiProperty() memeId!: string;
  @ApiProperty() fileId!: string;
}

export class StickerPackResponseDto implements StickerPackDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: '`<slug>_by_<bot>`' }) name!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: '`https://t.me/addstickers/<name>`' }) link!: string;
  @ApiProperty({ type: [StickerResponseDto] }) stickers!: StickerResponseDto[];
}

export class StickerPackListResponseDto implements StickerPackListDto {
  @ApiProperty({ type: [StickerPackResponseDto] }) items!: StickerPackResponseDto[];
}
