import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import {
  FEED_PERIODS,
  FEED_SORTS,
  type FeedItemDto,
  type FeedPeriod,
  type FeedSort,
  type FeedVoteDto,
  type FeedVoteRequest,
  type MemeOfTheDayDto,
  type Page,
  VOTE_OUTCOMES,
  type VoteOutcome,
  type VotedItemDto,
} from '@mememint/contracts';

import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { FeedItemResponseDto } from './feed-item.dto.js';

/** `GET /api/v1/feed/?period=&sort=&page=&pageSize=` */
export class FeedQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: FEED_PERIODS, default: 'day', description: 'By contest day (UTC, ISO weeks)' })
  @IsOptional()
  @IsIn(FEED_PERIODS)
  period: FeedPeriod = 'day';

  @ApiPropertyOptional({ enum: FEED_SORTS, default: 'top' })
  @IsOptional()
  @IsIn(FEED_SORTS)
  sort: FeedSort = 'top';
}

export class FeedPageResponseDto implements Page<FeedItemDto> {
  @ApiProperty({ type: [FeedItemResponseDto] }) items!: FeedItemResponseDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}

/** `POST /api/v1/feed/{memeId}/` */
export class FeedVoteRequestDto implements FeedVoteRequest {
  @ApiPropertyOptional({ minimum: 1, description: 'Coins to stake; FEED_VOTE_DEFAULT_STAKE when absent' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2 ** 31 - 1)
  amount?: number;
}

export class FeedVoteResponseDto implements FeedVoteDto {
  @ApiProperty({ format: 'uuid' }) memeId!: string;
  @ApiProperty() amount!: number;
  @ApiProperty() memeCoins!: number;
  @ApiProperty() generationLimit!: number;
  @ApiProperty() swipes!: number;
  @ApiProperty({
    description: 'The balances’ version: raised by every balance change; keep the highest seen',
  })
  balanceVersion!: number;
  @ApiProperty({ description: 'The meme’s likes, this vote included' }) likes!: number;
}

export class VotedItemResponseDto implements VotedItemDto {
  @ApiProperty({ type: FeedItemResponseDto }) meme!: FeedItemResponseDto;
  @ApiProperty() amount!: number;
  @ApiProperty({ example: '2026-11-23', description: 'The contest day (UTC)' }) day!: string;
  @ApiProperty({ enum: VOTE_OUTCOMES }) outcome!: VoteOutcome;
  @ApiProperty({ type: Number, nullable: true, description: 'Coins paid back; null while pending' })
  payout!: number | null;
}

export class VotedPageResponseDto implements Page<VotedItemDto> {
  @ApiProperty({ type: [VotedItemResponseDto] }) items!: VotedItemResponseDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}

/** `GET /api/v1/feed/meme-of-the-day/?date=` */
export class MemeOfTheDayQueryDto {
  @ApiPropertyOptional({ example: '2026-11-22', description: 'Default: the latest settled day' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a day written YYYY-MM-DD' })
  date?: string;
}

export class MemeOfTheDayResponseDto implements MemeOfTheDayDto {
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty({ type: FeedItemResponseDto, nullable: true, description: 'Null: nothing was liked' })
  meme!: FeedItemResponseDto | null;
  @ApiProperty({ description: 'Likes the winner received during its day' }) likes!: number;
  @ApiProperty({ description: 'Coins to the author (×m)' }) authorReward!: number;
  @ApiProperty({ description: 'All stakes of the day' }) pool!: number;
  @ApiProperty({ description: 'Stakes on the winner' }) winningStakes!: number;
  @ApiProperty() votes!: number;
  @ApiProperty({ description: 'Votes on the winner' }) winners!: number;
  @ApiProperty({ description: 'Coins shared by the winners' }) paidOut!: number;
  @ApiProperty({ description: 'Coins returned when nobody backed the winner' }) refunded!: number;
  @ApiProperty({ format: 'date-time' }) settledAt!: string;
}
