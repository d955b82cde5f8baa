import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { LoadMore } from './LoadMore';

/** Three pages of two numbers, each page asked for only when "Load more" is tapped. */
function Numbers({ asked }: { asked: number[] }) {
  const pages = useInfiniteQuery({
    queryKey: ['numbers'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      asked.push(pageParam);
      return Promise.resolve({
        items: [pageParam * 2, pageParam * 2 + 1],
        next: pageParam < 2 ? pageParam + 1 : null,
      });
    },
    getNextPageParam: (page) => page.next,
  });
  return (
    <>
      <ol>{pages.data?.pages.flatMap((page) => page.items.map((n) => <li key={n}>{n}</li>))}</ol>
      <LoadMore pages={pages} />
    </>
  );
}

describe('Show more (LoadMore)', () => {
  it('loads the next page on a tap, and is gone after the last', async () => {
    const asked: number[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Numbers asked={asked} />
      </QueryClientProvider>,
    );
    const more = await screen.findByRole('button', { name: 'Show more' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(more);
    await screen.findByText('3');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('5');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(asked).toEqual([0, 1, 2]);
  });
});
