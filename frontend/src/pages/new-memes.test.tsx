import type { FeedItemDto } from '@mememint/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { FeedSection } from '../features/feed';
import { useUpdateMeme } from '../features/memes';
import { SwipeDeck } from '../features/swipes';
import { RealtimeContext } from '../lib/realtime';
import { STILL } from '../test/fixtures';
import { startApiServer } from '../test/api-server';
import { renderWithApp, TEST_USER } from '../test/render';
import { startSocketServer } from '../test/socket-server';

const now = new Date().toISOString();
const meme: FeedItemDto = {
  id: '00000000-0000-4000-8000-000000000042',
  shareId: 'share42',
  text: 'Fresh meme',
  isPublished: true,
  imageUrl: '/media/42.jpg',
  thumbnailUrl: '/media/42.webp',
  width: 512,
  height: 512,
  generationId: null,
  templateId: null,
  likes: 0,
  createdAt: now,
  publishedAt: now,
  author: { tgId: 7, username: 'author', firstName: 'A', photoUrl: null },
  voted: null,
  ...STILL,
};

/** Busy machines: a load through the real servers may take a while. */
const WAIT = { timeout: 10_000 };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * The feed and the deck against a real API server and a real socket: both empty until `published`
 * is flipped, as when another player publishes.
 */
async function mainScreen(ui: ReactNode) {
  const state = { published: false };
  const api = await startApiServer((req) => {
    const items = state.published ? [meme] : [];
    if (req.path.startsWith('/api/v1/swipes/?')) return { status: 200, body: { items } };
    if (req.path === '/api/v1/swipes/gifts/') return { status: 200, body: { items: [] } };
    if (req.path === '/api/v1/feed/meme-of-the-day/') return { status: 404, body: { detail: 'None yet' } };
    if (req.path.startsWith('/api/v1/feed/?'))
      return { status: 200, body: { items, page: 1, pageSize: 20, total: items.length } };
    if (req.method === 'PATCH') return { status: 200, body: { ...meme, id: 'mine', isPublished: true } };
    return { status: 404, body: { detail: 'Not found' } };
  });
  const sockets = await startSocketServer();
  closers.push(api.close, sockets.close);
  renderWithApp(<RealtimeContext.Provider value={sockets.client}>{ui}</RealtimeContext.Provider>, {
    baseUrl: api.baseUrl,
    user: { ...TEST_USER, swipes: 60 },
  });
  await screen.findByText('No memes in the feed yet. Publish yours to be the first!', {}, WAIT);
  await screen.findByText('You have seen every meme', {}, WAIT);
  return {
    publishElsewhere: () => {
      state.published = true;
    },
    emit: (count: number) => sockets.io.emit('memes:published', { count }),
  };
}

async function expectMemeInBoth() {
  // Its card in the feed and on the deck.
  await waitFor(() => expect(screen.getAllByAltText('Fresh meme')).toHaveLength(2), WAIT);
  expect(screen.getByTestId('feed-card')).toBeInTheDocument();
  expect(screen.queryByText('You have seen every meme')).toBeNull();
  expect(screen.queryByText('No memes in the feed yet. Publish yours to be the first!')).toBeNull();
}

function Publish() {
  const update = useUpdateMeme('mine');
  return (
    <button type="button" onClick={() => update.mutate({ isPublished: true })}>
      Publish mine
    </button>
  );
}

/** /main that the player can leave and come back to. */
function Leavable() {
  const [away, setAway] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAway((value) => !value)}>
        {away ? 'Back' : 'Away'}
      </button>
      {!away && (
        <>
          <SwipeDeck />
          <FeedSection />
        </>
      )}
    </>
  );
}

describe(
  'the feed and the deck refresh when memes are published (issue 22, defect 3)',
  { timeout: 30_000 },
  () => {
    it('on `memes:published` from the server', async () => {
      const main = await mainScreen(
        <>
          <SwipeDeck />
          <FeedSection />
        </>,
      );
      main.publishElsewhere();
      main.emit(1);
      await expectMemeInBoth();
    });

    it('when the player publishes a meme', async () => {
      const main = await mainScreen(
        <>
          <SwipeDeck />
          <FeedSection />
          <Publish />
        </>,
      );
      main.publishElsewhere();
      await userEvent.click(screen.getByRole('button', { name: 'Publish mine' }));
      await expectMemeInBoth();
    });

    it('when the player comes back to the screen', async () => {
      const main = await mainScreen(<Leavable />);
      await userEvent.click(screen.getByRole('button', { name: 'Away' }));
      main.publishElsewhere();
      await userEvent.click(screen.getByRole('button', { name: 'Back' }));
      await expectMemeInBoth();
    });
  },
);
