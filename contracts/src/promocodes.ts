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
}

export const PROMO_CODE_MIN_LENGTH = 6;
