import { ApiProperty } from '@nestjs/swagger';
import {
  type FaceConsentDto,
  type Gender,
  GENDERS,
  SUPPORTED_LANGUAGES,
  type SupportedLanguage,
  type UserDto,
} from '@mememint/contracts';

import type { User } from '../entities/user.entity.js';

/** The current user with the keys of docs/SPEC.md §3 and `gender` (UserDto). */
export class UserResponseDto implements UserDto {
  @ApiProperty({ example: 279058397 }) tgId!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty() isBot!: boolean;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty({ description: 'Telegram Premium (not the game boost: see boostEnds)' }) isPremium!: boolean;
  @ApiProperty() isOnboardingDone!: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'tgId of the inviter' }) referalId!:
    number | null;
  @ApiProperty() hasTon!: boolean;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName!: string | null;
  @ApiProperty({ enum: SUPPORTED_LANGUAGES }) languageCode!: SupportedLanguage;
  @ApiProperty({ type: String, nullable: true }) photoUrl!: string | null;
  @ApiProperty({ description: 'Credits left' }) generationLimit!: number;
  @ApiProperty() memeCoins!: number;
  @ApiProperty() tasksCount!: number;
  @ApiProperty() generationsCount!: number;
  @ApiProperty() invitedCount!: number;
  @ApiProperty() friendsGenerated!: number;
  @ApiProperty() referalCoins!: number;
  @ApiProperty({ description: 'Influencer flag' }) infl!: boolean;
  @ApiProperty({ description: 'Stars accrued from squad purchases' }) referralSpending!: number;
  @ApiProperty({ type: Number, nullable: true }) refInfl!: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) boostEnds!: string | null;
  @ApiProperty() swipes!: number;
  @ApiProperty() swipedCount!: number;
  @ApiProperty() swipedGiftCount!: number;
  @ApiProperty({ enum: GENDERS, nullable: true, description: 'Templates of this gender come first' })
  gender!: Gender | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the player agreed to the face-photo note; face photos are refused until then',
  })
  faceConsentAt!: string | null;
  @ApiProperty({
    description: 'The balances’ version: raised by every balance change; keep the highest seen',
  })
  balanceVersion!: number;
}

export class FaceConsentResponseDto implements FaceConsentDto {
  @ApiProperty({ format: 'date-time' }) faceConsentAt!: string;
}

export function toUserDto(user: User): UserDto {
  return {
    tgId: user.tgId,
    createdAt: user.createdAt.toISOString(),
    isBot: user.isBot,
    isAdmin: user.isAdmin,
    isPremium: user.isPremium,
    isOnboardingDone: user.isOnboardingDone,
    referalId: user.referalId,
    hasTon: user.hasTon,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    languageCode: user.languageCode,
    photoUrl: user.photoUrl,
    generationLimit: user.generationLimit,
    memeCoins: user.memeCoins,
    tasksCount: user.tasksCount,
    generationsCount: user.generationsCount,
    invitedCount: user.invitedCount,
    friendsGenerated: user.friendsGenerated,
    referalCoins: user.referalCoins,
    infl: user.infl,
    referralSpending: user.referralSpending,
    refInfl: user.refInfl,
    boostEnds: user.boostEnds === null ? null : user.boostEnds.toISOString(),
    swipes: user.swipes,
    swipedCount: user.swipedCount,
    swipedGiftCount: user.swipedGiftCount,
    faceConsentAt: user.faceConsentAt?.toISOString() ?? null,
    gender: user.gender,
    balanceVersion: user.balanceVersion,
  };
}
