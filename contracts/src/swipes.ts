import type { FeedItemDto } from './feed.js';
import type { BalanceDto } from './user.js';

/** `GET /api/v1/swipes/?limit=1..50` */
export interface SwipeDeckDto {
  items: FeedItemDto[];
}

export const SWIPE_DECK_MAX_LIMIT = 50;

/** `POST /api/v1/swipes/{memeId}/` */
export interface SwipeRequest {
  like: boolean;
}

/** The balances after the swipe, with their version (BalanceDto), and what the swipe did. */
export interface SwipeResultDto extends BalanceDto {
  swipedCount: number;
  /** Coins this swipe earned (×m). */
  coinsEarned: number;
  /** The gift this swipe rolled, to open with `GET /api/v1/swipes/gifts/apply/`. */
  gift: { id: string } | null;
}

/** `GET /api/v1/swipes/used/` */
export interface SwipesUsedDto {
  /** Swipes made today (UTC). */
  usedToday: number;
  swipes: number;
  /** The bar's maximum; refill stops there. */
  max: number;
  /** When the next swipe refills; null while the bar is full. */
  nextRefillAt: string | null;
}

/** The 400 body of a swipe with no swipes left. */
export interface NoSwipesLeftBody {
  detail: string;
  nextRefillAt: string | null;
}

/** `GET /api/v1/swipes/gifts/`: pending (unopened) gifts. */
export interface PendingGiftDto {
  id: string;
  createdAt: string;
}

export interface PendingGiftsDto {
  items: PendingGiftDto[];
}

export const GIFT_KINDS = ['coins', 'credits', 'swipes', 'boost'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];

/** `GET /api/v1/swipes/gifts/apply/`: the gift opened and what it granted. */
export interface OpenedGiftDto {
  id: string;
  kind: GiftKind;
  /** Coins, credits or swipes granted; days of boost for `boost`. */
  amount: number;
  balances: BalanceDto;
}
