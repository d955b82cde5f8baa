import { ApiProperty } from '@nestjs/swagger';
import type { ReferralFriendDto, ReferralsResponse } from '@mememint/contracts';

import type { User } from '../entities/user.entity.js';

export class ReferralFriendResponseDto implements ReferralFriendDto {
  @ApiProperty() tgId!: number;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true }) photoUrl!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the friend signed up through the link' })
  joinedAt!: string;
  @ApiProperty({ description: 'The friend’s first generation succeeded (the reward was paid then)' })
  generated!: boolean;
}

export class ReferralsResponseDto implements ReferralsResponse {
  @ApiProperty({ example: 'https://t.me/MemeMintBot/app?startapp=ref_279058397' }) link!: string;
  @ApiProperty() invitedCount!: number;
  @ApiProperty() friendsGenerated!: number;
  @ApiProperty() referalCoins!: number;
  @ApiProperty({
    description: 'What each friend’s first meme brings the inviter: coins (before ×m) and credits',
    example: { coins: 500, credits: 1 },
  })
  reward!: { coins: number; credits: number };
  @ApiProperty({ type: [ReferralFriendResponseDto], description: 'Newest first, pages of 20' })
  items!: ReferralFriendDto[];
}

export function toReferralFriendDto(friend: User): ReferralFriendDto {
  return {
    tgId: friend.tgId,
    username: friend.username,
    firstName: friend.firstName,
    photoUrl: friend.photoUrl,
    joinedAt: friend.createdAt.toISOString(),
    generated: friend.generationsCount > 0,
  };
}
