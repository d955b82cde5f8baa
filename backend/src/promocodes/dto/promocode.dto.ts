import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import {
  type Page,
  PROMO_DESCRIPTION_MAX_LENGTH,
  type PromoApplyResponse,
  type PromoCodeDto,
  type PromoCreateRequest,
  type PromoCreateResponse,
} from '@mememint/contracts';

import { BalancesResponseDto } from '../../common/dto/balances-response.dto.js';

/** `POST /api/v1/promocodes/` */
export class CreatePromoCodeDto implements PromoCreateRequest {
  @ApiPropertyOptional({
    maxLength: PROMO_DESCRIPTION_MAX_LENGTH,
    description: 'Shown to whoever applies it',
  })
  @IsOptional()
  @IsString()
  @MaxLength(PROMO_DESCRIPTION_MAX_LENGTH)
  description?: string;
}

export class PromoCreateResponseDto implements PromoCreateResponse {
  @ApiProperty({ example: 'K7QX2MZA', description: 'The code' }) id!: string;
}

export class PromoApplyResponseDto implements PromoApplyResponse {
  @ApiProperty({ description: 'Credits granted' }) generationLimit!: number;
  @ApiProperty({ type: String, nullable: true }) promoDescription!: string | null;
  @ApiProperty({ type: BalancesResponseDto, description: 'The balances after the grant' })
  balances!: BalancesResponseDto;
}

export class PromoCodeResponseDto implements PromoCodeDto {
  @ApiProperty({ description: 'The code' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ description: 'Credits each use grants' }) generationLimit!: number;
  @ApiProperty() uses!: number;
  @ApiProperty() maxUses!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class PromoCodePageDto implements Page<PromoCodeDto> {
  @ApiProperty({ type: [PromoCodeResponseDto] }) items!: PromoCodeResponseDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}
