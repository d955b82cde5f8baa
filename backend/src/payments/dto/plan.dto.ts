import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  type BoostPlanDto,
  type CreditPackDto,
  PLAN_KINDS,
  type PlanKind,
  type SwipePackDto,
  TARIFF_TYPES,
  type SupportedLanguage,
  type TariffType,
} from '@mememint/contracts';

import { type LocalizedText, localize } from '../../common/localized-text.js';
import type { Plan } from '../entities/plan.entity.js';

export class TariffQueryDto {
  @ApiPropertyOptional({ enum: TARIFF_TYPES, default: 'basic_generation' })
  @IsOptional()
  @IsIn(TARIFF_TYPES)
  tariffType: TariffType = 'basic_generation';
}

export class CreditPackResponseDto implements CreditPackDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Price in Telegram Stars' }) stars!: number;
  @ApiProperty() credits!: number;
}

export class BoostPlanResponseDto implements BoostPlanDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Price in Telegram Stars' }) stars!: number;
  @ApiProperty({ description: 'Days of premium' }) days!: number;
  @ApiProperty({ description: 'Credits granted once with the purchase' }) bonusCredits!: number;
  @ApiProperty({ description: 'Credits on the first request of each UTC day while boosted' })
  dailyCredits!: number;
}

export class SwipePackResponseDto implements SwipePackDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Price in Telegram Stars' }) stars!: number;
  @ApiProperty() swipes!: number;
}

export class CreditPackListDto {
  @ApiProperty({ type: [CreditPackResponseDto] }) items!: CreditPackDto[];
}
export class BoostPlanListDto {
  @ApiProperty({ type: [BoostPlanResponseDto] }) items!: BoostPlanDto[];
}
export class SwipePackListDto {
  @ApiProperty({ type: [SwipePackResponseDto] }) items!: SwipePackDto[];
}

export class InvoiceResponseDto {
  @ApiProperty({ format: 'uuid' }) orderId!: string;
  @ApiProperty({ example: 'https://t.me/$AbCdEf' }) link!: string;
}

const base = (plan: Plan, language: SupportedLanguage) => ({
  id: plan.id,
  title: localize(plan.title, language),
  description: localize(plan.description, language),
  stars: plan.stars,
});

export const toCreditPackDto = (plan: Plan, language: SupportedLanguage): CreditPackDto => ({
  ...base(plan, language),
  credits: plan.credits,
});

export const toBoostPlanDto = (plan: Plan, language: SupportedLanguage): BoostPlanDto => ({
  ...base(plan, language),
  days: plan.boostDays,
  bonusCredits: plan.credits,
  dailyCredits: plan.dailyCredits,
});

export const toSwipePackDto = (plan: Plan, language: SupportedLanguage): SwipePackDto => ({
  ...base(plan, language),
  swipes: plan.swipes,
});

/** An invoice title is 1–32 characters, its description 1–255 (Bot API `createInvoiceLink`). */
export class PlanTitleDto implements LocalizedText {
  @ApiProperty({ maxLength: 32 }) @IsString() @Length(1, 32) en!: string;
  @ApiProperty({ maxLength: 32 }) @IsString() @Length(1, 32) ru!: string;
}

export class PlanDescriptionDto implements LocalizedText {
  @ApiProperty({ maxLength: 255 }) @IsString() @Length(1, 255) en!: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @Length(1, 255) ru!: string;
}

const MAX_AMOUNT = 1_000_000;

/** A new plan (`POST /api/v1/plans/`, admins). */
export class CreatePlanDto {
  @ApiProperty({ enum: PLAN_KINDS }) @IsIn(PLAN_KINDS) kind!: PlanKind;

  @ApiProperty({ type: PlanTitleDto })
  @ValidateNested()
  @Type(() => PlanTitleDto)
  title!: PlanTitleDto;

  @ApiProperty({ type: PlanDescriptionDto })
  @ValidateNested()
  @Type(() => PlanDescriptionDto)
  description!: PlanDescriptionDto;

  @ApiProperty({ minimum: 1, description: 'Price in Telegram Stars' })
  @IsInt()
  @Min(1)
  @Max(100_000)
  stars!: number;

  @ApiPropertyOptional({ description: 'Credit packs: credits; boosts: one-time bonus credits' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  credits?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  swipes?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  boostDays?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  dailyCredits?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  sortOrder?: number;

  @ApiPropertyOptional({ description: 'False retires the plan (it leaves the lists; orders keep it)' })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

/** What an admin may change on a plan (`PATCH /api/v1/plans/{id}/`): anything but its kind. */
export class UpdatePlanDto extends PartialType(OmitType(CreatePlanDto, ['kind'] as const)) {}

/** A plan as admins see it: every field, both languages. */
export class AdminPlanResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: PLAN_KINDS }) kind!: PlanKind;
  @ApiProperty({ type: PlanTitleDto }) title!: LocalizedText;
  @ApiProperty({ type: PlanDescriptionDto }) description!: LocalizedText;
  @ApiProperty() stars!: number;
  @ApiProperty() credits!: number;
  @ApiProperty() swipes!: number;
  @ApiProperty() boostDays!: number;
  @ApiProperty() dailyCredits!: number;
  @ApiProperty() sortOrder!: number;
  @ApiProperty() isActive!: boolean;
}

export function toAdminPlanDto(plan: Plan): AdminPlanResponseDto {
  return {
    id: plan.id,
    kind: plan.kind,
    title: plan.title,
    description: plan.description,
    stars: plan.stars,
    credits: plan.credits,
    swipes: plan.swipes,
    boostDays: plan.boostDays,
    dailyCredits: plan.dailyCredits,
    sortOrder: plan.sortOrder,
    isActive: plan.isActive,
  };
}
