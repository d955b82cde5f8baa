/** One invited friend in `GET /api/v1/users/referrals/`. */
export interface ReferralFriendDto {
  tgId: number;
  username: string | null;
  firstName: string | null;
  photoUrl: string | null;
  /** When the friend signed up through the link (ISO). */
  joinedAt: string;
  /** The friend's first generation succeeded (the inviter's reward is paid then). */
  generated: boolean;
}

/** `GET /api/v1/users/referrals/?page=` (pages of 20, newest friends first). */
export interface ReferralsResponse {
  /** The player's invite link `https://t.me/<bot>/<app>?startapp=ref_<tgId>` (the one source of it). */
  link: string;
  invitedCount: number;
  friendsGenerated: number;
  referalCoins: number;
  /** What each friend's first meme brings the inviter: coins (before the earning multiplier ×m) and credits. */
  reward: { coins: number; credits: number };
  items: ReferralFriendDto[];
}
