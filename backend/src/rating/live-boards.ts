import { LIVE_RATING_TABS, type LiveRatingTab, RATING_PERIODS, type RatingPeriod } from '@mememint/contracts';

/** A live board: one tab of one period. */
export interface LiveBoard {
  tab: LiveRatingTab;
  period: RatingPeriod;
}

/** Every live board (2 tabs × 4 periods). */
export const LIVE_BOARDS: readonly LiveBoard[] = LIVE_RATING_TABS.flatMap((tab) =>
  RATING_PERIODS.map((period) => ({ tab, period })),
);

/** The board's name in Redis keys, e.g. `global:day`. */
export function boardName(board: LiveBoard): string {
  return `${board.tab}:${board.period}`;
}
