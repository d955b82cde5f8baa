import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  NotEquals,
} from 'class-validator';
import {
  type AdminFlagRequest,
  type AdminGrantRequest,
  GRANT_KINDS,
  type GrantKind,
} from '@mememint/contracts';

import { QueryInteger } from '../../common/dto/page-query.dto.js';

/** `GET /v1/admin/users/?q=`: a Telegram id, or the start of a username or first name. */
export class UserSearchQueryDto {
  @ApiPropertyOptional({ maxLength: 64 })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  q?: string;
}

export class GrantRequestDto implements AdminGrantRequest {
  @ApiProperty({ enum: GRANT_KINDS })
  @IsIn(GRANT_KINDS)
  kind!: GrantKind;

  @ApiProperty({ description: 'Positive gives, negative takes (never below 0)', minimum: -1e9, maximum: 1e9 })
  @IsInt()
  @Min(-1_000_000_000)
  @Max(1_000_000_000)
  @NotEquals(0)
  amount!: number;

  @ApiProperty({ maxLength: 500 })
  @IsString()
  @MaxLength(500)
  @Matches(/\S/, { message: 'reason must not be blank' })
  reason!: string;

  @ApiProperty({ description: 'The operator’s ticket: the same key applies once', maxLength: 150 })
  @IsString()
  @Matches(/^[\w.:#/-]{1,150}$/, { message: 'key must be 1 to 150 letters, digits or ._:#/-' })
  key!: string;
}

export class FlagRequestDto implements AdminFlagRequest {
  @ApiProperty()
  @IsBoolean()
  on!: boolean;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

/** A decision's note (refunds). */
export class ReasonDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class SettleRequestDto extends ReasonDto {
  @ApiPropertyOptional({ description: 'Also settle today, which has not ended', default: false })
  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

/** `GET /v1/admin/figures/?days=30` */
export class FiguresQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 90, default: 30 })
  @IsOptional()
  @Min(1)
  @Max(90)
  @IsInt()
  @QueryInteger()
  days: number = 30;
}
