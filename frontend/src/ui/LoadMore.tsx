import { useTranslation } from 'react-i18next';

/** The part of an infinite query (TanStack Query's `useInfiniteQuery`) a "Load more" button needs. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a paged list: shown while there is a next page, disabled while it loads. */
export function LoadMore({ pages }: { pages: MorePages }) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {t('common.loadMore')}
    </button>
  );
}
