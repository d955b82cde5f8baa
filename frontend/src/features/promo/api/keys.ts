/** Query keys of promo codes. */
export const promoKeys = {
  all: () => ['promocodes'] as const,
  mine: () => [...promoKeys.all(), 'mine'] as const,
};
