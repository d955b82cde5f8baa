import type { FeedItemDto } from '@mememint/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sessionKeys } from '../session';
import { STILL } from '../../test/fixtures';
import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { setLanguage } from '../../i18n';
import { setFlag, SKIP_SWIPES_INTRO, SWIPES_ADDED_WINDOW_MS, writeSwipesAdded } from './intro';
import { countdown } from './NoSwipes';
import { swipeDirection } from './SwipeCard';
import { SwipeDeck } from './SwipeDeck';
import { mergeDeck } from './useSwipeDeck';

function card(n: number): FeedItemDto {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    shareId: `share${n}`,
    text: `Meme ${n}`,
    isPublished: true,
    imageUrl: `/media/${n}.jpg`,
    thumbnailUrl: `/media/${n}.webp`,
    width: 512,
    height: 512,
    generationId: null,
    templateId: null,
    likes: n,
    createdAt: '2026-11-20T10:00:00.000Z',
    publishedAt: '2026-11-20T10:00:00.000Z',
    author: { tgId: 7, username: 'author', firstName: 'A', photoUrl: null },
    voted: null,
    ...STILL,
  };
}

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderDeck(handler: Handler, user = TEST_USER) {
  server = await startApiServer(handler);
  // Strict mode as in the app: state updaters and effects run twice there.
  return renderWithApp(
    <StrictMode>
      <SwipeDeck />
    </StrictMode>,
    { baseUrl: server.baseUrl, user },
  );
}

/** An API whose one card's swipe rolls gift g1, which opens as 120 coins. */
function giftServer(): Handler {
  return (req) => {
    if (req.path.startsWith('/api/v1/swipes/?')) return { status: 200, body: { items: [card(1)] } };
    if (req.path === '/api/v1/swipes/gifts/') return { status: 200, body: { items: [] } };
    if (req.path === '/api/v1/swipes/gifts/apply/')
      return {
        status: 200,
        body: {
          id: 'g1',
          kind: 'coins',
          amount: 120,
          balances: { generationLimit: 3, memeCoins: 121, swipes: 59, balanceVersion: 7 },
        },
      };
    return {
      status: 200,
      body: {
        generationLimit: 3,
        swipes: 59,
        memeCoins: 1,
        balanceVersion: 6,
        swipedCount: 10,
        coinsEarned: 1,
        gift: { id: 'g1' },
      },
    };
  };
}

describe('SwipeDeck', () => {
  it('swipes the top card with the Like button: the call, the bar and the coins at once, then the answer', async () => {
    const view = await renderDeck((req) => {
      if (req.path.startsWith('/api/v1/swipes/?'))
        return { status: 200, body: { items: [card(1), card(2)] } };
      if (req.path === '/api/v1/swipes/gifts/') return { status: 200, body: { items: [] } };
      return {
        status: 200,
        body: {
          generationLimit: 3,
          swipes: 59,
          memeCoins: 1,
          balanceVersion: 6,
          swipedCount: 1,
          coinsEarned: 1,
          gift: null,
        },
      };
    });
    expect(await screen.findByAltText('Meme 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('like-burst')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    // The like lands on the deck: a heart pops over the card.
    expect(screen.getByTestId('like-burst')).toBeInTheDocument();

    await waitFor(() => expect(view.user()?.swipedCount).toBe(1));
    expect(server!.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: `/api/v1/swipes/${card(1).id}/`,
      body: { like: true },
    });
    expect(view.user()).toMatchObject({ swipes: 59, memeCoins: 1 });
    await waitFor(() => expect(screen.queryByAltText('Meme 1')).toBeNull());
    expect(screen.getByAltText('Meme 2')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('a swipe that rolls a gift opens its reveal: the box, then the prize and the balance it went to', async () => {
    const view = await renderDeck(giftServer());
    await screen.findByAltText('Meme 1');
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    const reveal = await screen.findByRole('dialog', { name: 'You got a gift!' });
    expect(within(reveal).getByText('Open it to see what is inside')).toBeInTheDocument();
    await userEvent.click(within(reveal).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('gift-prize')).toHaveTextContent('+120 coins');
    expect(screen.getByTestId('gift-balance')).toHaveTextContent('Your coins: 121');
    expect(view.user()?.memeCoins).toBe(121);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The gift button leaves with its exit animation.
    await waitFor(() => expect(screen.queryByRole('button', { name: /gift/ })).toBeNull(), {
      timeout: 10_000,
    });
  });

  it('"Later" keeps the gift on the button over the deck, which opens the reveal again', async () => {
    await renderDeck(giftServer());
    await screen.findByAltText('Meme 1');
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: /1 gift/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('gift-prize')).toHaveTextContent('+120 coins');
  });

  it('draws cards from their WEBP thumbnails; the rest wait for the first picture, then the full-size one replaces it', async () => {
    // The deck's preloads: pictures asked for by images never put in the page (`new Image().src = …`).
    const images: HTMLImageElement[] = [];
    const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
    const spy = vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (
      this: HTMLImageElement,
      value: string,
    ) {
      images.push(this);
      src.set!.call(this, value);
    });
    const preloaded = () =>
      new Set(
        images
          .filter((image) => !image.isConnected && image.getAttribute('src')!.endsWith('.webp'))
          .map((image) => image.getAttribute('src')),
      );
    try {
      const view = await renderDeck((req) => {
        if (req.path.startsWith('/api/v1/swipes/?'))
          return { status: 200, body: { items: [card(1), card(2), card(3), card(4)] } };
        return { status: 200, body: { items: [] } };
      });
      const picture = await screen.findByAltText('Meme 1');
      expect(picture).toHaveAttribute('src', '/media/1.webp');
      // On a slow link the first picture has the network to itself: no card under it, no preload.
      expect(view.container.querySelectorAll('.swipe-card')).toHaveLength(1);
      expect(view.container.querySelector('.swipe-card__full')).toBeNull();
      expect(preloaded().size).toBe(0);

      fireEvent.load(picture);
      await waitFor(() => expect(view.container.querySelectorAll('.swipe-card')).toHaveLength(3));
      expect([...preloaded()].sort()).toEqual(['/media/2.webp', '/media/3.webp', '/media/4.webp']);
      expect(screen.getByAltText('Meme 2')).toHaveAttribute('src', '/media/2.webp');
      // The top card's full-size picture, fetched aside, replaces the thumbnail once it is in.
      const full = images.find(
        (image) => !image.isConnected && image.getAttribute('src') === '/media/1.jpg',
      )!;
      expect(full).toBeDefined();
      expect(picture).toHaveAttribute('src', '/media/1.webp');
      fireEvent.load(full);
      await waitFor(() => expect(screen.getByAltText('Meme 1')).toHaveAttribute('src', '/media/1.jpg'));
    } finally {
      spy.mockRestore();
    }
  });

  it('with no swipes left it says so with the refill countdown instead of the cards', async () => {
    const refill = new Date(Date.now() + 65_000).toISOString();
    await renderDeck(
      (req) => {
        if (req.path === '/api/v1/swipes/used/')
          return { status: 200, body: { usedToday: 60, swipes: 0, max: 60, nextRefillAt: refill } };
        if (req.path === '/api/v1/swipes/gifts/') return { status: 200, body: { items: [] } };
        return { status: 200, body: { items: [card(1)] } };
      },
      { ...TEST_USER, swipes: 0 },
    );
    expect(await screen.findByText('No swipes left')).toBeInTheDocument();
    expect(await screen.findByRole('timer')).toHaveTextContent(/Next swipe in 1:0\d/);
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
  });
});

describe('the "swipes added in last 5 minutes" tip', () => {
  const player = { ...TEST_USER, tgId: 2002, swipes: 10 };
  const api: Handler = (req) => {
    if (req.path.startsWith('/api/v1/swipes/?')) return { status: 200, body: { items: [card(1), card(2)] } };
    return { status: 200, body: { items: [] } };
  };
  beforeEach(() => {
    localStorage.clear();
    setFlag(SKIP_SWIPES_INTRO, player.tgId);
  });

  it('shows once when the swipes went up (a refill, a purchase, a gift), not for the first balance seen', async () => {
    const view = await renderDeck(api, player);
    await screen.findByAltText('Meme 1');
    expect(screen.queryByTestId('swipes-added')).toBeNull();

    act(() => {
      view.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 15 });
    });
    expect(await screen.findByTestId('swipes-added')).toHaveTextContent('+5 swipes added in last 5 minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('swipes-added')).toBeNull();

    // Shown once: the app opened again within the 5 minutes does not show it again.
    view.unmount();
    await server!.close();
    await renderDeck(api, { ...player, swipes: 15 });
    await screen.findByAltText('Meme 1');
    expect(screen.queryByTestId('swipes-added')).toBeNull();
  });

  it('does not show a rise older than 5 minutes, nor while the swipes intro is up', async () => {
    writeSwipesAdded(player.tgId, {
      seen: 10,
      addedAt: Date.now() - SWIPES_ADDED_WINDOW_MS - 1000,
      added: 5,
      shownAt: null,
    });
    const view = await renderDeck(api, player);
    await screen.findByAltText('Meme 1');
    expect(screen.queryByTestId('swipes-added')).toBeNull();

    // A fresh rise waits for the intro to be dismissed, then shows.
    view.unmount();
    await server!.close();
    localStorage.clear();
    const again = await renderDeck(api, player);
    await screen.findByAltText('Meme 1');
    act(() => {
      again.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 12 });
    });
    expect(screen.queryByTestId('swipes-added')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(await screen.findByTestId('swipes-added')).toHaveTextContent('+2 swipes added in last 5 minutes');
  });
  it('shows at most once in 5 minutes: a second rise soon after makes no second tip', async () => {
    const view = await renderDeck(api, player);
    await screen.findByAltText('Meme 1');
    act(() => {
      view.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 15 });
    });
    await userEvent.click(within(await screen.findByTestId('swipes-added')).getByRole('button'));
    act(() => {
      view.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 20 });
    });
    await waitFor(() => expect(view.user()?.swipes).toBe(20));
    expect(screen.queryByTestId('swipes-added')).toBeNull();

    // Past the 5 minutes a new rise shows again.
    writeSwipesAdded(player.tgId, {
      seen: 20,
      addedAt: Date.now() - SWIPES_ADDED_WINDOW_MS - 2000,
      added: 5,
      shownAt: Date.now() - SWIPES_ADDED_WINDOW_MS - 1000,
    });
    act(() => {
      view.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 23 });
    });
    expect(await screen.findByTestId('swipes-added')).toHaveTextContent('+3 swipes added in last 5 minutes');
  });

  it('a swipe that fails gives its swipe back without a tip, and the tip stands above the cards', async () => {
    const view = await renderDeck((req) => {
      if (req.method === 'POST') return { status: 503, body: { detail: 'Service unavailable' } };
      return api(req);
    }, player);
    await screen.findByAltText('Meme 1');
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(server!.requests.some((r) => r.method === 'POST')).toBe(true));
    await waitFor(() => expect(view.user()?.swipes).toBe(10));
    expect(screen.queryByTestId('swipes-added')).toBeNull();

    act(() => {
      view.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 11 });
    });
    const tip = await screen.findByTestId('swipes-added');
    expect(tip).toHaveTextContent('+1 swipe added in last 5 minutes');
    expect(tip.closest('.swipe-deck__stack')).toBeNull();
  });

  it('two swipes in flight: the first answer, not counting the second, puts no swipe back as "added"', async () => {
    // The first swipe is answered while the second is still out, with the balance after the first only.
    const gate = () => {
      let open: () => void = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const secondSent = gate();
    const answerFirst = gate();
    const answerSecond = gate();
    let posts = 0;
    const view = await renderDeck(async (req) => {
      if (req.method !== 'POST') return api(req);
      posts += 1;
      const balances = {
        generationLimit: 1,
        memeCoins: posts,
        swipedCount: posts,
        coinsEarned: 1,
        gift: null,
      };
      if (posts === 1) {
        await answerFirst.opened;
        return { status: 200, body: { ...balances, swipes: 9, balanceVersion: 6 } };
      }
      secondSent.open();
      await answerSecond.opened;
      return { status: 200, body: { ...balances, swipes: 8, balanceVersion: 7 } };
    }, player);
    await screen.findByAltText('Meme 1');
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    await screen.findByAltText('Meme 2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skip' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await secondSent.opened;
    expect(view.user()?.swipes).toBe(8);
    answerFirst.open();
    await waitFor(() => expect(view.user()?.balanceVersion).toBe(6));
    answerSecond.open();
    await waitFor(() => expect(view.user()?.balanceVersion).toBe(7));
    expect(view.user()?.swipes).toBe(8);
    expect(screen.queryByTestId('swipes-added')).toBeNull();
  });

  it('says it in Russian with the plural right: "+2 свайпа"', async () => {
    await setLanguage('ru');
    try {
      const view = await renderDeck(api, player);
      await screen.findByAltText('Meme 1');
      act(() => {
        view.queryClient.setQueryData(sessionKeys.me(), { ...player, swipes: 12 });
      });
      expect(await screen.findByTestId('swipes-added')).toHaveTextContent(
        '+2 свайпа добавлено за последние 5 минут',
      );
    } finally {
      await setLanguage('en');
    }
  });
});

describe('deck rules', () => {
  it('a drag counts past 100 px or a fast flick, either way', () => {
    expect(swipeDirection({ offset: { x: 120, y: 0 }, velocity: { x: 0, y: 0 } })).toBe('like');
    expect(swipeDirection({ offset: { x: -120, y: 0 }, velocity: { x: 0, y: 0 } })).toBe('skip');
    expect(swipeDirection({ offset: { x: 30, y: 0 }, velocity: { x: 800, y: 0 } })).toBe('like');
    expect(swipeDirection({ offset: { x: 40, y: 0 }, velocity: { x: 100, y: 0 } })).toBeNull();
  });

  it('a new batch adds only cards the deck has not dealt', () => {
    const seen = new Set([card(1).id, card(2).id]);
    expect(mergeDeck([card(2)], [card(1), card(2), card(3)], seen).map((c) => c.likes)).toEqual([2, 3]);
  });

  it('counts down in m:ss', () => {
    expect(countdown('2026-01-01T00:01:05Z', Date.parse('2026-01-01T00:00:00Z'))).toBe('1:05');
    expect(countdown(null, 0)).toBe('0:00');
  });
});
