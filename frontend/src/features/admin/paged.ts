import type { Page } from '@mememint/contracts';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

/** A paged admin list with "Load more": every page loaded so far, flattened. */
export function usePaged<T>(queryKey: QueryKey, load: (page: number) => Promise<Page<T>>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  return { query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
