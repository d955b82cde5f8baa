import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type {
  BalanceDto,
  ClientToServerEvents,
  FeedItemDto,
  ServerToClientEvents,
  UserDto,
} from '@mememint/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { sessionKeys } from '../../features/session';
import { SwipeDeck } from '../../features/swipes';
import { STILL } from '../../test/fixtures';
import { startApiServer } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { RealtimeProvider } from './RealtimeProvider';

/** The socket server the provider's socket is pointed at (its page's host in the app). */
const target = vi.hoisted(() => ({ url: '' }));

vi.mock('../../lib/socket', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/socket')>();
  return {
    ...actual,
    connectSocket: (getToken: () => string | undefined) => actual.connectSocket(getToken, target.url),
  };
});
vi.mock('./SessionProvider', () => ({ useSession: () => ({ status: 'ready' }) }));

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function startSocketServer() {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: '/socket.io' });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  target.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const connected = new Promise<void>((resolve) => io.once('connection', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => void io.close(() => resolve())));
  return { io, connected };
}

const balance = (balanceVersion: number, swipes: number, memeCoins = 0): BalanceDto => ({
  generationLimit: TEST_USER.generationLimit,
  memeCoins,
  swipes,
  balanceVersion,
});

/** Every swipes balance the cached user went through, in order (each write seen as it happens). */
function recordSwipes(view: ReturnType<typeof renderWithApp>): number[] {
  const seen = [view.user()!.swipes];
  const { queryClient } = view;
  const setQueryData = queryClient.setQueryData.bind(queryClient);
  vi.spyOn(queryClient, 'setQueryData').mockImplementation((...args: Parameters<typeof setQueryData>) => {
    const data = setQueryData(...args);
    const swipes = queryClient.getQueryData<UserDto>(sessionKeys.me())?.swipes;
    if (swipes !== undefined && swipes !== seen.at(-1)) seen.push(swipes);
    return data;
  });
  return seen;
}

/** A one-card deck whose swipe answers the balances of version 7. */
function deckServer() {
  const card: FeedItemDto = {
    id: '00000000-0000-4000-8000-000000000001',
    shareId: 'share1',
    text: 'Meme 1',
    isPublished: true,
    imageUrl: '/media/1.jpg',
    thumbnailUrl: '/media/1.webp',
    width: 512,
    height: 512,
    generationId: null,
    templateId: null,
    likes: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    publishedAt: '2026-11-20T10:00:00.000Z',
    author: { tgId: 7, username: 'author', firstName: 'A', photoUrl: null },
    voted: null,
    ...STILL,
  };
  return startApiServer((req) => {
    if (req.path.startsWith('/api/v1/swipes/?')) return { status: 200, body: { items: [card] } };
    if (req.path === '/api/v1/swipes/gifts/') return { status: 200, body: { items: [] } };
    return { status: 200, body: { ...balance(7, 58, 2), swipedCount: 2, coinsEarned: 1, gift: null } };
  });
}

describe('RealtimeProvider: pushed balances', () => {
  it('apply only when newer than the cached ones: a late, older event changes nothing', async () => {
    const { io, connected } = await startSocketServer();
    const view = renderWithApp(<RealtimeProvider>{null}</RealtimeProvider>, {
      baseUrl: 'http://127.0.0.1:9',
    });
    const swipes = recordSwipes(view);
    await connected;

    io.emit('balance', balance(7, 58)); // the newer one overtook…
    io.emit('balance', balance(6, 59)); // …this one (another replica, a slow path)
    io.emit('balance', balance(5, 60)); // as old as the cached user
    io.emit('balance', balance(8, 58, 3));
    await waitFor(() => expect(view.user()?.balanceVersion).toBe(8));

    expect(swipes).toEqual([60, 58]);
    expect(view.user()).toMatchObject({ swipes: 58, memeCoins: 3 });
  });

  it('an event older than a swipe’s answer, arriving after it, gives no swipe back and no "swipes added" tip', async () => {
    const { io, connected } = await startSocketServer();
    const api = await deckServer();
    closers.push(api.close);
    const view = renderWithApp(
      <RealtimeProvider>
        <SwipeDeck />
      </RealtimeProvider>,
      { baseUrl: api.baseUrl },
    );
    const swipes = recordSwipes(view);
    await connected;
    await screen.findByAltText('Meme 1');
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));

    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(view.user()?.balanceVersion).toBe(7));
    io.emit('balance', balance(6, 59, 1)); // the event of the swipe before, late
    io.emit('balance', balance(7, 58, 2)); // this swipe's own event
    io.emit('balance', balance(8, 58, 4)); // a like after it
    await waitFor(() => expect(view.user()?.balanceVersion).toBe(8));

    expect(swipes).toEqual([60, 59, 58]); // the optimistic guess, then the answer: never back up
    expect(view.user()).toMatchObject({ swipes: 58, memeCoins: 4, swipedCount: 2 });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
