import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  QUEST_KINDS,
  type QuestCheckDto,
  type QuestDto,
  type QuestKind,
  type QuestReward,
  type SupportedLanguage,
} from '@mememint/contracts';

import { BalancesResponseDto } from '../../common/dto/balances-response.dto.js';
import { type LocalizedText, localize } from '../../common/localized-text.js';
import type { Quest } from '../entities/quest.entity.js';

export class QuestRewardDto implements QuestReward {
  @ApiPropertyOptional() coins?: number;
  @ApiPropertyOptional() credits?: number;
}

export class QuestResponseDto implements QuestDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: QUEST_KINDS }) kind!: QuestKind;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiPropertyOptional({ description: 'Opened by "Go" (a channel)' }) link?: string;
  @ApiProperty({ type: QuestRewardDto, description: 'Coins before the earning multiplier' })
  reward!: QuestReward;
  @ApiProperty() done!: boolean;
}

export class QuestListResponseDto {
  @ApiProperty({ type: [QuestResponseDto] }) items!: QuestDto[];
}

export class QuestCheckResponseDto implements QuestCheckDto {
  @ApiProperty() done!: boolean;
  @ApiPropertyOptional({ type: QuestRewardDto, description: 'As granted, only the time it is granted' })
  reward?: QuestReward;
  @ApiPropertyOptional({
    type: BalancesResponseDto,
    description: 'The balances after a reward that changed any',
  })
  balances?: BalancesResponseDto;
}

export function toQuestDto(
  quest: Quest,
  done: boolean,
  link: string | undefined,
  language: SupportedLanguage,
): QuestDto {
  return {
    id: quest.id,
    kind: quest.kind,
    title: localize(quest.title, language),
    description: localize(quest.description, language),
    ...(link ? { link } : {}),
    reward: {
      ...(quest.rewardCoins ? { coins: quest.rewardCoins } : {}),
      ...(quest.rewardCredits ? { credits: quest.rewardCredits } : {}),
    },
    done,
  };
}

export class QuestTitleDto implements LocalizedText {
  @ApiProperty({ maxLength: 64 }) @IsString() @Length(1, 64) en!: string;
  @ApiProperty({ maxLength: 64 }) @IsString() @Length(1, 64) ru!: string;
}

export class QuestDescriptionDto implements LocalizedText {
  @ApiProperty({ maxLength: 255 }) @IsString() @Length(1, 255) en!: string;
  @ApiProperty({ maxLength: 255 }) @IsString() @Length(1, 255) ru!: string;
}

const MAX_REWARD = 1_000_000;

/** A new quest (`POST /api/v1/tasks/`, admins). */
export class CreateQuestDto {
  @ApiProperty({ enum: QUEST_KINDS }) @IsIn(QUEST_KINDS) kind!: QuestKind;

  @ApiProperty({ type: QuestTitleDto })
  @ValidateNested()
  @Type(() => QuestTitleDto)
  title!: QuestTitleDto;

  @ApiProperty({ type: QuestDescriptionDto })
  @ValidateNested()
  @Type(() => QuestDescriptionDto)
  description!: QuestDescriptionDto;

  @ApiPropertyOptional({ example: 'https://t.me/mememint_news' })
  @IsOptional()
  @IsUrl({ protocols: ['https'], require_protocol: true })
  link?: string;

  @ApiPropertyOptional({ description: 'Channel quests: @username or id (the bot must be its admin)' })
  @IsOptional()
  @Matches(/^(@[A-Za-z][A-Za-z0-9_]{3,31}|-?[1-9][0-9]{0,15})$/, {
    message: 'chatId must be @username or a chat id',
  })
  chatId?: string;

  @ApiPropertyOptional({ minimum: 1, description: 'Friends or days in a row' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  target?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_REWARD)
  rewardCoins?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_REWARD)
  rewardCredits?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  sortOrder?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

/** `PATCH /api/v1/tasks/{id}/` (admins): anything but the kind. */
export class UpdateQuestDto extends PartialType(OmitType(CreateQuestDto, ['kind'] as const)) {}

/** A quest as admins see it. */
export class AdminQuestResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: QUEST_KINDS }) kind!: QuestKind;
  @ApiProperty({ type: QuestTitleDto }) title!: LocalizedText;
  @ApiProperty({ type: QuestDescriptionDto }) description!: LocalizedText;
  @ApiProperty({ type: String, nullable: true }) link!: string | null;
  @ApiProperty({ type: String, nullable: true }) chatId!: string | null;
  @ApiProperty() target!: number;
  @ApiProperty() rewardCoins!: number;
  @ApiProperty() rewardCredits!: number;
  @ApiProperty() sortOrder!: number;
  @ApiProperty() isActive!: boolean;
}

export function toAdminQuestDto(quest: Quest): AdminQuestResponseDto {
  return {
    id: quest.id,
    kind: quest.kind,
    title: quest.title,
    description: quest.description,
    link: quest.link,
    chatId: quest.chatId,
    target: quest.target,
    rewardCoins: quest.rewardCoins,
    rewardCredits: quest.rewardCredits,
    sortOrder: quest.sortOrder,
    isActive: quest.isActive,
  };
}
