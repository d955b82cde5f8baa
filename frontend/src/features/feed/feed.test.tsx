import type { FeedItemDto } from '@mememint/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { STILL } from '../../test/fixtures';
import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { isVotingOpen, msToUtcMidnight } from './author';
import { FeedSection } from './FeedSection';
import { VoteDialog } from './VoteDialog';

const today = new Date().toISOString();
const item: FeedItemDto = {
  id: '00000000-0000-4000-8000-000000000001',
  shareId: 'share1',
  text: 'Green build',
  isPublished: true,
  imageUrl: '/media/1.jpg',
  thumbnailUrl: '/media/1.webp',
  width: 512,
  height: 512,
  generationId: null,
  templateId: null,
  likes: 4,
  createdAt: today,
  publishedAt: today,
  author: { tgId: 7, username: 'author', firstName: 'A', photoUrl: null },
  voted: null,
  ...STILL,
};
const page = (items: FeedItemDto[]) => ({ items, page: 1, pageSize: 20, total: items.length });

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderFeed(handler: Handler) {
  server = await startApiServer(handler);
  return renderWithApp(<FeedSection />, { baseUrl: server.baseUrl, user: { ...TEST_USER, memeCoins: 120 } });
}

describe('FeedSection', () => {
  it('bets the chosen amount on a meme of today; the coins left and the stake show at once', async () => {
    const view = await renderFeed((req) => {
      if (req.path === '/api/v1/feed/meme-of-the-day/')
        return { status: 404, body: { detail: 'No day settled yet' } };
      if (req.method === 'POST')
        return {
          status: 200,
          body: {
            memeId: item.id,
            amount: 50,
            generationLimit: 3,
            memeCoins: 70,
            swipes: 60,
            balanceVersion: 6,
            likes: 5,
          },
        };
      if (req.path.startsWith('/api/v1/feed/voted/')) return { status: 200, body: page([]) };
      return { status: 200, body: page([item]) };
    });
    const card = await screen.findByTestId('feed-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Bet' }));
    await userEvent.click(screen.getByRole('radio', { name: '50' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bet 50 coins' }));

    expect(await within(card).findByTestId('voted')).toHaveTextContent('Your bet: 50 coins');
    expect(within(card).getByLabelText('5 likes')).toHaveTextContent('5');
    expect(view.user()?.memeCoins).toBe(70);
    expect(server!.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: `/api/v1/feed/${item.id}/`,
      body: { amount: 50 },
    });
    expect(server!.requests.some((r) => r.path.startsWith('/api/v1/feed/?period=day&sort=top&page=1'))).toBe(
      true,
    );
    // No day settled yet is no error for the player.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a bet above the balance is refused on the device', async () => {
    await renderFeed((req) =>
      req.path === '/api/v1/feed/meme-of-the-day/'
        ? { status: 404, body: {} }
        : { status: 200, body: page([item]) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Bet' }));
    await userEvent.click(screen.getByRole('radio', { name: '500' }));
    expect(screen.getByText('You have not enough MemeMint coins')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bet 500 coins' })).toBeDisabled();
  });

  it('shows the meme of the day and the outcomes of the player’s bets', async () => {
    await renderFeed((req) => {
      if (req.path === '/api/v1/feed/meme-of-the-day/')
        return {
          status: 200,
          body: {
            date: '2026-11-22',
            meme: item,
            likes: 9,
            authorReward: 1000,
            pool: 300,
            winningStakes: 100,
            votes: 5,
            winners: 2,
            paidOut: 300,
            refunded: 0,
            settledAt: today,
          },
        };
      if (req.path.startsWith('/api/v1/feed/voted/'))
        return {
          status: 200,
          body: page([
            { meme: { ...item, voted: 50 }, amount: 50, day: '2026-11-22', outcome: 'won', payout: 1150 },
            {
              meme: { ...item, id: 'b', voted: 100 },
              amount: 100,
              day: '2026-11-22',
              outcome: 'won',
              payout: 100,
            },
            {
              meme: { ...item, id: 'c', voted: 2500 },
              amount: 2500,
              day: '2026-11-21',
              outcome: 'lost',
              payout: 0,
            },
            {
              meme: { ...item, id: 'd', voted: 10 },
              amount: 10,
              day: '2026-11-20',
              outcome: 'refunded',
              payout: 10,
            },
            {
              meme: { ...item, id: 'e', voted: 10 },
              amount: 10,
              day: '2026-11-23',
              outcome: 'pending',
              payout: null,
            },
          ] as never),
        };
      return { status: 200, body: page([]) };
    });
    expect(await screen.findByTestId('meme-of-the-day')).toHaveTextContent('300 coins in the pool');
    await userEvent.click(screen.getByRole('tab', { name: 'My bets' }));
    // Net of the stake: 1,150 back on 50 is +1,100; a win that only gave the stake back is no "+".
    const outcomes = await screen.findAllByText(/^(Won|Lost|Refunded|Waiting)/);
    expect(outcomes.map((outcome) => outcome.textContent)).toEqual([
      'Won +1,100',
      'Won: your stake back',
      'Lost −2,500',
      'Refunded: your stake back',
      'Waiting',
    ]);
  });

  it('the bet sheet writes numbers as the language does; a meme of an earlier day says its bets are closed', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    server = await startApiServer((req) =>
      req.path.startsWith('/api/v1/feed/?')
        ? { status: 200, body: page([item, { ...item, id: 'old', text: 'Old one', publishedAt: yesterday }]) }
        : { status: 200, body: page([]) },
    );
    renderWithApp(<FeedSection />, { baseUrl: server.baseUrl, user: { ...TEST_USER, memeCoins: 2_501_259 } });
    const [open, closed] = await screen.findAllByTestId('feed-card');
    expect(within(closed!).getByTestId('bets-closed')).toHaveTextContent('Bets closed');
    expect(within(closed!).queryByRole('button', { name: 'Bet' })).toBeNull();
    await userEvent.click(within(open!).getByRole('button', { name: 'Bet' }));
    expect(await screen.findByText('You have 2,501,259 coins')).toBeInTheDocument();
  });

  it("a bet sheet left open past the meme's day takes no bet", async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    server = await startApiServer(() => ({ status: 200, body: page([]) }));
    renderWithApp(<VoteDialog item={{ ...item, publishedAt: yesterday }} onClose={() => undefined} />, {
      baseUrl: server.baseUrl,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Betting on this meme closed with its day.');
    expect(screen.getByRole('button', { name: /^Bet / })).toBeDisabled();
  });

  it('votes only on memes of today (their contest day)', () => {
    expect(isVotingOpen('2026-11-23T10:00:00Z', new Date('2026-11-23T23:59:00Z'))).toBe(true);
    expect(isVotingOpen('2026-11-22T23:59:00Z', new Date('2026-11-23T00:01:00Z'))).toBe(false);
    expect(isVotingOpen(null)).toBe(false);
    // The screen renews "now" at the next UTC midnight.
    expect(msToUtcMidnight(new Date('2026-11-23T23:59:00Z'))).toBe(60_000);
  });
});
