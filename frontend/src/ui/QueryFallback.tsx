import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from './Spinner';

/** The part of a query (TanStack Query's `useQuery`/`useInfiniteQuery`) its fallback reads. */
export interface FallbackQuery {
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A load that failed: what happened and "Try again", in place of what could not be shown. */
export function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert" data-testid="load-failed">
      <p>{t('errors.loadFailed')}</p>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={retrying}
        aria-busy={retrying}
        onClick={onRetry}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * What stands where a query's data will be: the spinner (or `loading`) while it loads, or the failure
 * with "Try again" (queries are not retried by themselves), so a failed page never stays empty.
 */
export function QueryFallback({ query, loading }: { query: FallbackQuery; loading?: ReactNode }) {
  if (!query.isError) return <>{loading ?? <Spinner />}</>;
  return <LoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}
