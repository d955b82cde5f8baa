import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  RATING_PERIODS,
  RATING_TABS,
  type RatingPeriod,
  type RatingPlayerEntry,
  type RatingPlayersResponse,
  type RatingSquadEntry,
  type RatingSquadsResponse,
  type RatingStanding,
  type RatingTab,
  type SquadDto,
  type SquadInfluencer,
  type SquadListResponse,
  type SquadMembershipDto,
} from '@mememint/contracts';

import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { SquadMembershipResponseDto } from '../../squads/dto/squads.dto.js';

/** `GET /api/v1/users/rate/?tab=&period=&page=` (pages of 20). */
export class RatingQueryDto extends PickType(PageQueryDto, ['page'] as const) {
  @ApiPropertyOptional({ enum: RATING_TABS, default: 'global' })
  @IsOptional()
  @IsIn(RATING_TABS)
  tab: RatingTab = 'global';

  @ApiPropertyOptional({ enum: RATING_PERIODS, default: 'all', description: 'UTC; week is the ISO week' })
  @IsOptional()
  @IsIn(RATING_PERIODS)
  period: RatingPeriod = 'all';
}

export class RatingPlayerEntryDto implements RatingPlayerEntry {
  @ApiProperty({ description: 'From 1; equal scores: who reached it first, then tgId' }) rank!: number;
  @ApiProperty() tgId!: number;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) photoUrl!: string | null;
  @ApiProperty({ description: 'Coins earned in the period' }) score!: number;
  @ApiProperty() infl!: boolean;
}

export class RatingStandingDto implements RatingStanding {
  @ApiProperty({ type: Number, nullable: true, description: 'Null while nothing is earned in the period' })
  rank!: number | null;
  @ApiProperty() score!: number;
}

export class RatingPlayersResponseDto implements RatingPlayersResponse {
  @ApiProperty({ type: [RatingPlayerEntryDto] }) items!: RatingPlayerEntry[];
  @ApiProperty({ type: RatingStandingDto }) me!: RatingStanding;
}

export class SquadInfluencerDto implements SquadInfluencer {
  @ApiProperty() tgId!: number;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) photoUrl!: string | null;
}

export class RatingSquadEntryDto implements RatingSquadEntry {
  @ApiProperty() rank!: number;
  @ApiProperty() squadId!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: SquadInfluencerDto }) influencer!: SquadInfluencer;
  @ApiProperty() members!: number;
  @ApiProperty({ description: 'Sum of the current members’ scores in the period' }) score!: number;
}

export class SquadStandingDto {
  @ApiProperty() rank!: number;
  @ApiProperty() score!: number;
}

export class RatingSquadsResponseDto implements RatingSquadsResponse {
  @ApiProperty({ type: [RatingSquadEntryDto] }) items!: RatingSquadEntry[];
  @ApiProperty({ type: SquadStandingDto, nullable: true }) mine!: { rank: number; score: number } | null;
}

export class SquadResponseDto implements SquadDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'By all-time score' }) rank!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: SquadInfluencerDto }) influencer!: SquadInfluencer;
  @ApiProperty() members!: number;
  @ApiProperty({ description: 'All-time score' }) score!: number;
}

export class SquadListResponseDto implements SquadListResponse {
  @ApiProperty({ type: [SquadResponseDto] }) items!: SquadDto[];
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
  @ApiProperty({ type: SquadMembershipResponseDto }) mine!: SquadMembershipDto;
}
