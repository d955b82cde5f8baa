import type { BalanceDto } from './user.js';

export interface PromoCreateRequest {
  description?: string;
}

export interface PromoCreateResponse {
  /** The code itself. */
  id: string;
}

export interface PromoApplyResponse {
  /** Credits granted. */
  generationLimit: number;
  promoDescription: string | null;
  /** The player's balances after the grant, with their version (set as they are, never added to). */
  balances: BalanceDto;
}

export const PROMO_CODE_MIN_LENGTH = 6;

/** One of an influencer's codes in `GET /api/v1/promocodes/mine/`. */
export interface PromoCodeDto {
  /** The code itself. */
  id: string;
  description: string | null;
  /** Credits each use grants. */
  generationLimit: number;
  uses: number;
  maxUses: number;
  createdAt: string;
}

/** Promo description limit (longer is 400). */
export const PROMO_DESCRIPTION_MAX_LENGTH = 200;

/** `code` of the promo errors (the mini app translates by it). */
export type PromoErrorCode =
  | 'PROMO_TOO_SHORT'
  | 'PROMO_NOT_FOUND'
  | 'PROMO_EXHAUSTED'
  | 'PROMO_ALREADY_USED'
  | 'PROMO_OWN_CODE'
  | 'PROMO_INFLUENCERS_ONLY';
