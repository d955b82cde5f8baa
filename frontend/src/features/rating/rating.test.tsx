import type { RatingPlayerEntry, RatingWatchRequest } from '@mememint/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RealtimeContext } from '../../lib/realtime';
import { startApiServer } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { FakeObserver } from '../../test/fake-observer';
import { startSocketServer } from '../../test/socket-server';
import { PlayerBoard } from './PlayerBoard';

const entry = (rank: number, tgId: number, score: number): RatingPlayerEntry => ({
  rank,
  tgId,
  username: `p${tgId}`,
  firstName: null,
  photoUrl: null,
  score,
  infl: false,
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe('PlayerBoard', () => {
  it('the global board watches its board while shown, takes rating:update without a reload, and unwatches on leave', async () => {
    const api = await startApiServer(() => ({
      status: 200,
      body: { items: [entry(1, 5, 50), entry(2, TEST_USER.tgId, 10)], me: { rank: 2, score: 10 } },
    }));
    closers.push(api.close);
    const sockets = await startSocketServer();
    closers.push(sockets.close);
    const watched: string[] = [];
    const [serverSocket] = [...sockets.io.sockets.sockets.values()];
    // The app's socket, as the server holds it.
    const seen = new Promise<void>((resolve) => {
      serverSocket!.on('rating:watch', (request: RatingWatchRequest) => {
        watched.push(`watch ${request.tab} ${request.period}`);
        resolve();
      });
      serverSocket!.on('rating:unwatch', (request: RatingWatchRequest) => {
        watched.push(`unwatch ${request.tab} ${request.period}`);
      });
    });

    const view = renderWithApp(
      <RealtimeContext.Provider value={sockets.client}>
        <PlayerBoard tab="global" period="week" />
      </RealtimeContext.Provider>,
      { baseUrl: api.baseUrl },
    );
    await screen.findByText('@p5');
    await seen;
    expect(api.requests[0].path).toBe('/api/v1/users/rate/?tab=global&period=week&page=1');
    expect(screen.getByTestId('my-standing')).toHaveTextContent('#2');

    serverSocket!.emit('rating:update', {
      tab: 'global',
      period: 'week',
      items: [entry(1, TEST_USER.tgId, 80), entry(2, 5, 50)],
    });
    // The top 3 stand on the podium (2nd, 1st, 3rd), each move shown by an arrow.
    const row = (name: string) =>
      screen.getAllByTestId('board-row').find((r) => r.textContent?.includes(name))!;
    await waitFor(() => expect(row(`@p${TEST_USER.tgId}`)).toHaveClass('podium__place--1'));
    expect(within(row(`@p${TEST_USER.tgId}`)).getByRole('img', { name: 'Up 1 place' })).toBeInTheDocument();
    expect(within(row('@p5')).getByRole('img', { name: 'Down 1 place' })).toHaveAttribute(
      'data-move',
      'down',
    );
    expect(row('@p5')).toHaveClass('podium__place--2');
    expect(row('@p5')).toHaveTextContent('50');
    expect(screen.getByTestId('my-standing')).toHaveTextContent('#1');
    expect(
      within(screen.getByTestId('my-standing')).getByRole('img', { name: 'Up 1 place' }),
    ).toBeInTheDocument();
    // Another board's update is not this one's.
    serverSocket!.emit('rating:update', { tab: 'global', period: 'day', items: [] });

    view.unmount();
    await waitFor(() => expect(watched).toEqual(['watch global week', 'unwatch global week']));
  });

  it('pins the player’s own row only while that row is out of view, never as a second copy on screen', async () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    closers.push(async () => {
      vi.unstubAllGlobals();
    });
    const api = await startApiServer(() => ({
      status: 200,
      body: {
        items: [entry(1, 5, 50), entry(2, 6, 40), entry(3, 7, 30), entry(4, TEST_USER.tgId, 10)],
        me: { rank: 4, score: 10 },
      },
    }));
    closers.push(api.close);
    renderWithApp(<PlayerBoard tab="global" period="week" />, { baseUrl: api.baseUrl });
    const mine = (await screen.findByText(`@p${TEST_USER.tgId}`)).closest('li')!;
    // Not known to be in view yet: pinned.
    expect(screen.getByTestId('my-standing')).toHaveTextContent('#4');

    FakeObserver.show(mine, true);
    expect(screen.queryByTestId('my-standing')).toBeNull();
    FakeObserver.show(mine, false);
    expect(screen.getByTestId('my-standing')).toHaveTextContent('#4');
  });

  it('the squad tab outside a squad shows what the page gives instead', async () => {
    const api = await startApiServer(() => ({ status: 404, body: { detail: 'You are not in a squad' } }));
    closers.push(api.close);
    renderWithApp(<PlayerBoard tab="squad" period="all" noSquad={<p>Pick one</p>} />, {
      baseUrl: api.baseUrl,
    });
    expect(await screen.findByText('Pick one')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the board around the player, empty before they score, says how to get on it and leads to the deck', async () => {
    const api = await startApiServer(() => ({
      status: 200,
      body: { items: [], me: { rank: null, score: 0 } },
    }));
    closers.push(api.close);
    renderWithApp(
      <MemoryRouter>
        <PlayerBoard tab="me" period="all" />
      </MemoryRouter>,
      { baseUrl: api.baseUrl },
    );
    const empty = await screen.findByTestId('board-me-empty');
    expect(empty).toHaveTextContent('You are not on the board yet');
    expect(within(empty).getByRole('link', { name: 'Swipe memes' })).toHaveAttribute('href', '/main');
  });
});
