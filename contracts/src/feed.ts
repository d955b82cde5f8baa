import type { MemeDto } from './memes.js';
import type { BalanceDto } from './user.js';

/** The author of a meme as the deck and the feed show them. */
export interface FeedAuthorDto {
  tgId: number;
  username: string | null;
  firstName: string | null;
  photoUrl: string | null;
}

/** A meme in the swipe deck or the feed: every MemeDto field, its author, and the player's stake. */
export interface FeedItemDto extends MemeDto {
  author: FeedAuthorDto;
  /** The coins the player staked on this meme, or null when they have not voted for it. */
  voted: number | null;
}

/** `GET /api/v1/feed/?period=` : memes whose contest day (UTC day first published) falls in the period. */
export const FEED_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];

/** `top`: most liked first; `new`: most recently published first. */
export const FEED_SORTS = ['top', 'new'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** `POST /api/v1/feed/{memeId}/`: stakes coins on the meme becoming the meme of its day. */
export interface FeedVoteRequest {
  /** Whole coins, at least 1; the server's default stake when absent. */
  amount?: number;
}

/** The stake, the meme's likes, and the voter's balances after it with their version (BalanceDto). */
export interface FeedVoteDto extends BalanceDto {
  memeId: string;
  amount: number;
  /** The meme's likes, this vote included. */
  likes: number;
}

export const VOTE_OUTCOMES = ['pending', 'won', 'lost', 'refunded'] as const;
export type VoteOutcome = (typeof VOTE_OUTCOMES)[number];

/** `GET /api/v1/feed/voted/`: one vote of the player. */
export interface VotedItemDto {
  meme: FeedItemDto;
  amount: number;
  /** The contest day (UTC) the vote was for, `YYYY-MM-DD`. */
  day: string;
  outcome: VoteOutcome;
  /** Coins paid back for this vote (a share of the pool, or the refunded stake; 0 when lost); null while pending. */
  payout: number | null;
}

/** `GET /api/v1/feed/meme-of-the-day/?date=`: a settled day. */
export interface MemeOfTheDayDto {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** The winner; null when nothing published that day was liked (every stake refunded). */
  meme: FeedItemDto | null;
  /** Likes the winner received during its day (swipe likes and votes). */
  likes: number;
  /** Coins the author received (×m). */
  authorReward: number;
  /** All stakes of the day. */
  pool: number;
  /** Stakes on the winner. */
  winningStakes: number;
  votes: number;
  /** Votes on the winner, sharing the pool. */
  winners: number;
  /** Coins shared by the winners (the whole pool when anyone backed the winner). */
  paidOut: number;
  /** Coins returned when nobody backed the winner. */
  refunded: number;
  settledAt: string;
}
