/** `GET /api/v1/users/rate/?tab=&period=&page=` (GAME.md "Rating"). */
export const RATING_TABS = ['me', 'global', 'squad', 'squads'] as const;
export type RatingTab = (typeof RATING_TABS)[number];

/** Score buckets, all UTC; `week` is the ISO week (Monday to Sunday). */
export const RATING_PERIODS = ['all', 'day', 'week', 'month'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];

/** The boards a socket may watch live (`rating:watch`). */
export const LIVE_RATING_TABS = ['global', 'squads'] as const;
export type LiveRatingTab = (typeof LIVE_RATING_TABS)[number];

/** Entries per page of every rating list (GAME.md "Decisions": pages of 20, numbered from 1). */
export const RATING_PAGE_SIZE = 20;

/** Neighbours above and below the player's own row in the `me` tab. */
export const RATING_NEIGHBOURS = 5;

/** One player on a board. */
export interface RatingPlayerEntry {
  /** From 1; equal scores rank by who reached the score first, then by tgId. */
  rank: number;
  tgId: number;
  username: string | null;
  firstName: string | null;
  photoUrl: string | null;
  /** Coins earned in the period. */
  score: number;
  /** Influencer flag. */
  infl: boolean;
}

/** The player's own place: `rank` is null while they have earned nothing in the period. */
export interface RatingStanding {
  rank: number | null;
  score: number;
}

/** Tabs `global` (the top LEADERBOARD_SIZE, paged), `me` (own row ± 5) and `squad` (own squad's members). */
export interface RatingPlayersResponse {
  items: RatingPlayerEntry[];
  me: RatingStanding;
}

/** The influencer who leads a squad. */
export interface SquadInfluencer {
  tgId: number;
  username: string | null;
  firstName: string | null;
  photoUrl: string | null;
}

/** One squad on the squads board: score is the sum of its current members' scores. */
export interface RatingSquadEntry {
  rank: number;
  squadId: number;
  title: string;
  influencer: SquadInfluencer;
  members: number;
  score: number;
}

/** Tab `squads`; `mine` is null outside a squad. */
export interface RatingSquadsResponse {
  items: RatingSquadEntry[];
  mine: { rank: number; score: number } | null;
}

/** Client → server `rating:watch` / `rating:unwatch`. */
export interface RatingWatchRequest {
  tab: LiveRatingTab;
  period: RatingPeriod;
}

/** The ack of `rating:watch` / `rating:unwatch`: `detail` says what was wrong with the request. */
export type RatingWatchAck = { ok: true } | { ok: false; detail: string };

/** Server → watchers: the top RATING_PAGE_SIZE entries of a board that changed. */
export type RatingUpdate =
  | { tab: 'global'; period: RatingPeriod; items: RatingPlayerEntry[] }
  | { tab: 'squads'; period: RatingPeriod; items: RatingSquadEntry[] };
