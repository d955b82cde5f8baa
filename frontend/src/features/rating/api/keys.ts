import type { RatingPeriod, RatingTab } from '@mememint/contracts';

/** Query keys of the boards; invalidating `all()` reloads every tab and period. */
export const ratingKeys = {
  all: () => ['rating'] as const,
  board: (tab: RatingTab, period: RatingPeriod) => [...ratingKeys.all(), tab, period] as const,
};
