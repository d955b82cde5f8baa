import type { FeedPeriod, FeedSort } from '@mememint/contracts';

/** Query keys of the feed; invalidating `all()` refreshes every page, the votes and the meme of the day. */
export const feedKeys = {
  all: () => ['feed'] as const,
  pages: () => [...feedKeys.all(), 'page'] as const,
  page: (period: FeedPeriod, sort: FeedSort) => [...feedKeys.pages(), period, sort] as const,
  voted: () => [...feedKeys.all(), 'voted'] as const,
  memeOfTheDay: () => [...feedKeys.all(), 'meme-of-the-day'] as const,
};
