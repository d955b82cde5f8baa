/** What a plan sells (GAME.md "Payments"): credit packs, premium boosts, swipe packs. */
export const PLAN_KINDS = ['credit_pack', 'boost', 'swipe_pack'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** `GET /api/v1/tariff/?tariffType=`: the only tariff type is credit packs (the default). */
export const TARIFF_TYPES = ['basic_generation'] as const;
export type TariffType = (typeof TARIFF_TYPES)[number];

interface PlanBase {
  id: number;
  /** In the player's language. */
  title: string;
  description: string;
  /** Price in Telegram Stars. */
  stars: number;
}

/** `GET /api/v1/tariff/` item. */
export interface CreditPackDto extends PlanBase {
  credits: number;
}

/** `GET /api/v1/boost/` item: `days` of premium, one-time bonus credits, bonus credits each UTC day. */
export interface BoostPlanDto extends PlanBase {
  days: number;
  bonusCredits: number;
  dailyCredits: number;
}

/** `GET /api/v1/meme_tariff/` item (may lift swipes above the bar's maximum). */
export interface SwipePackDto extends PlanBase {
  swipes: number;
}

export interface PlanListDto<T> {
  items: T[];
}

/** `GET /api/v1/{tariff|boost|meme_tariff}/{id}/`: a pending order and its Telegram Stars invoice link. */
export interface InvoiceDto {
  orderId: string;
  link: string;
}

export const ORDER_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a paid order grants (fixed when the order is made). */
export interface OrderGrants {
  credits?: number;
  swipes?: number;
  boostDays?: number;
  /** Boosts: credits on the first request of each UTC day while the boost lasts. */
  dailyCredits?: number;
}

/** `GET /api/v1/payment/success/`: the player's latest order. */
export interface OrderStateDto {
  orderId: string;
  status: OrderStatus;
  kind: PlanKind;
  grants: OrderGrants;
}

/**
 * `GET /api/v1/payment/daily-bonus/`: the boost's bonus credits granted today (UTC), 0 when none. The
 * mini app asks once it starts, as the grant comes with the day's first request, before its socket
 * connects; it shows the toast once per day either way.
 */
export interface DailyBonusDto {
  day: string;
  credits: number;
}
