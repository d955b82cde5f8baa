import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  GIFT_KINDS,
  type GiftKind,
  type OpenedGiftDto,
  type PendingGiftDto,
  type PendingGiftsDto,
  SWIPE_DECK_MAX_LIMIT,
  type SwipeDeckDto,
  type SwipeRequest,
  type SwipeResultDto,
  type SwipesUsedDto,
} from '@mememint/contracts';

import { BalancesResponseDto } from '../../common/dto/balances-response.dto.js';
import { FeedItemResponseDto } from '../../feed/dto/feed-item.dto.js';

/** `GET /api/v1/swipes/?limit=` */
export class SwipeDeckQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: SWIPE_DECK_MAX_LIMIT, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(SWIPE_DECK_MAX_LIMIT)
  limit: number = 10;
}

export class SwipeDeckResponseDto implements SwipeDeckDto {
  @ApiProperty({ type: [FeedItemResponseDto] }) items!: FeedItemResponseDto[];
}

/** `POST /api/v1/swipes/{memeId}/` */
export class SwipeRequestDto implements SwipeRequest {
  @ApiProperty({ description: 'true = like (swipe right), false = skip' })
  @IsDefined()
  @IsBoolean()
  like!: boolean;
}

export class SwipeGiftRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
}

export class SwipeResultResponseDto implements SwipeResultDto {
  @ApiProperty() generationLimit!: number;
  @ApiProperty() swipes!: number;
  @ApiProperty() memeCoins!: number;
  @ApiProperty() swipedCount!: number;
  @ApiProperty({
    description: 'The balances’ version: raised by every balance change; keep the highest seen',
  })
  balanceVersion!: number;
  @ApiProperty({ description: 'Coins this swipe earned (×m)' }) coinsEarned!: number;
  @ApiProperty({ type: SwipeGiftRefDto, nullable: true, description: 'The gift this swipe rolled' })
  gift!: SwipeGiftRefDto | null;
}

export class SwipesUsedResponseDto implements SwipesUsedDto {
  @ApiProperty({ description: 'Swipes made today (UTC)' }) usedToday!: number;
  @ApiProperty() swipes!: number;
  @ApiProperty() max!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null while full' })
  nextRefillAt!: string | null;
}

export class PendingGiftResponseDto implements PendingGiftDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class PendingGiftsResponseDto implements PendingGiftsDto {
  @ApiProperty({ type: [PendingGiftResponseDto] }) items!: PendingGiftResponseDto[];
}

export class OpenedGiftResponseDto implements OpenedGiftDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: GIFT_KINDS }) kind!: GiftKind;
  @ApiProperty({ description: 'Coins, credits or swipes granted; days for a boost' }) amount!: number;
  @ApiProperty({ type: BalancesResponseDto }) balances!: BalancesResponseDto;
}
