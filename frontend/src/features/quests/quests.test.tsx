import type { QuestDto } from '@mememint/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { QuestList } from './QuestList';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
let opened: string[];
beforeEach(() => {
  // Outside Telegram a t.me link opens in a new tab: record where "Go" leads.
  opened = [];
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url));
    return null;
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

const CHANNEL: QuestDto = {
  id: 1,
  kind: 'channel',
  title: 'Subscribe to the news channel',
  description: 'News and drops first',
  link: 'https://t.me/mememint_news',
  reward: { coins: 500 },
  done: false,
};
const FRIENDS: QuestDto = {
  id: 3,
  kind: 'invite_friends',
  title: 'Invite 5 friends',
  description: 'Friends who made a meme',
  reward: { coins: 1500, credits: 3 },
  done: false,
};
const FIRST_MEME: QuestDto = {
  id: 5,
  kind: 'first_meme',
  title: 'Create your first meme',
  description: '',
  reward: { coins: 200 },
  done: true,
};

async function renderQuests(check: Handler, user = TEST_USER) {
  const state = { coins: 0 };
  server = await startApiServer(async (req) => {
    if (req.path === '/api/v1/tasks/')
      return { status: 200, body: { items: [CHANNEL, FRIENDS, FIRST_MEME] } };
    if (req.path === '/api/v1/auth/me/')
      return { status: 200, body: { ...TEST_USER, memeCoins: state.coins } };
    return check(req);
  });
  const view = renderWithApp(<InRouter />, { baseUrl: server.baseUrl, user });
  await screen.findByText('Subscribe to the news channel');
  return { view, state };
}

// The quests link to the places where a quest is done.
const InRouter = () => (
  <MemoryRouter>
    <QuestList />
  </MemoryRouter>
);

const BALANCES = { generationLimit: 3, memeCoins: 0, swipes: 60, balanceVersion: 6 };

const quest = (kind: string) => within(screen.getByTestId(`quest-${kind}`));

describe('the quest list', () => {
  it('shows each quest with its reward and state: Go for a link, Check otherwise, Done when done', async () => {
    await renderQuests(() => ({ status: 404 }));
    expect(quest('channel').getByText('+500')).toBeInTheDocument();
    expect(quest('channel').getByRole('button', { name: 'Go' })).toBeInTheDocument();
    expect(quest('invite_friends').getByText('+1500')).toBeInTheDocument();
    expect(quest('invite_friends').getByText('+3 credits')).toBeInTheDocument();
    expect(quest('invite_friends').getByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(quest('first_meme').getByText('Done ✓')).toBeInTheDocument();
    expect(quest('first_meme').queryByRole('button')).toBeNull();
  });

  it('shows the coins after the player’s multiplier: ×4 while boosted or for an influencer (issue 22, defect 6)', async () => {
    await renderQuests(() => ({ status: 404 }), { ...TEST_USER, infl: true });
    expect(quest('channel').getByText('+2000')).toBeInTheDocument();
    expect(quest('invite_friends').getByText('+6000')).toBeInTheDocument();
    // Credits are not multiplied.
    expect(quest('invite_friends').getByText('+3 credits')).toBeInTheDocument();
  });

  it('Go opens the channel, then Check fails until the player joined, then passes once and the reward reaches the balance', async () => {
    let member = false;
    const { view, state } = await renderQuests((req) => {
      if (req.path !== '/api/v1/tasks/check-task/1/') return { status: 404 };
      if (!member) return { status: 200, body: { done: false } };
      state.coins = 2000;
      return {
        status: 200,
        body: { done: true, reward: { coins: 2000 }, balances: { ...BALANCES, memeCoins: 2000 } },
      };
    });

    await userEvent.click(quest('channel').getByRole('button', { name: 'Go' }));
    expect(opened).toEqual(['https://t.me/mememint_news']);
    await userEvent.click(quest('channel').getByRole('button', { name: 'Check' }));
    expect(await quest('channel').findByRole('status')).toHaveTextContent(
      'Not done yet. Do it, then tap Check again.',
    );
    // The hint is the mutation's own callback; the button follows once the mutation observer has
    // told the screen it settled (a render of its own).
    await waitFor(() => expect(quest('channel').getByRole('button', { name: 'Check' })).toBeEnabled());

    member = true;
    await userEvent.click(quest('channel').getByRole('button', { name: 'Check' }));

    expect(await quest('channel').findByText('Done ✓')).toBeInTheDocument();
    expect(quest('channel').queryByRole('status')).toBeNull();
    await waitFor(() => expect(view.user()?.memeCoins).toBe(2000));
    const checks = server!.requests.filter((r) => r.path.startsWith('/api/v1/tasks/check-task/'));
    expect(checks.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/tasks/check-task/1/',
      'GET /api/v1/tasks/check-task/1/',
    ]);
  });

  it('does not count the reward twice when the pushed balance came before the answer', async () => {
    // The socket's push of the same grant (version 6) is already in the cache; the user's reload is
    // held so that what the answer itself did is what the cache shows.
    let releaseMe = () => undefined as void;
    const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
    const pushed = { ...BALANCES, memeCoins: 2000 };
    server = await startApiServer(async (req) => {
      if (req.path === '/api/v1/tasks/') return { status: 200, body: { items: [FRIENDS] } };
      if (req.path === '/api/v1/auth/me/') {
        await meHeld;
        return { status: 200, body: { ...TEST_USER, ...pushed, tasksCount: 1 } };
      }
      return { status: 200, body: { done: true, reward: { coins: 1500 }, balances: pushed } };
    });
    const view = renderWithApp(<InRouter />, { baseUrl: server.baseUrl, user: { ...TEST_USER, ...pushed } });
    await screen.findByText('Invite 5 friends');
    await userEvent.click(quest('invite_friends').getByRole('button', { name: 'Check' }));

    expect(await quest('invite_friends').findByText('Done ✓')).toBeInTheDocument();
    expect(view.user()).toMatchObject({ memeCoins: 2000, tasksCount: 1 });
    releaseMe();
  });

  it('Telegram unavailable (503): its text in a toast, and the quest stays to check again', async () => {
    await renderQuests(() => ({
      status: 503,
      body: { detail: 'Telegram is unavailable, try again later', code: 'TELEGRAM_UNAVAILABLE' },
    }));

    await userEvent.click(quest('invite_friends').getByRole('button', { name: 'Check' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram is unavailable, try again later');
    // The button settles in a render of its own, after the toast.
    await waitFor(() => expect(quest('invite_friends').getByRole('button', { name: 'Check' })).toBeEnabled());
  });

  it('a quest done in the app, not done yet, leads to where it is done (the invite page)', async () => {
    await renderQuests((req) =>
      req.path === '/api/v1/tasks/check-task/3/' ? { status: 200, body: { done: false } } : { status: 404 },
    );

    await userEvent.click(quest('invite_friends').getByRole('button', { name: 'Check' }));

    const hint = await quest('invite_friends').findByRole('status');
    expect(hint).toHaveTextContent('Not done yet.');
    expect(within(hint).getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '/invite');
  });
});
