import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';

import { startApiServer } from '../test/api-server';
import { renderWithApp, TEST_USER } from '../test/render';
import { sessionKeys } from '../features/session';
import { MiniAvatar, playerName } from '../features/rating';
import { TopMenu } from './TopMenu';

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

async function renderMenu(user: Partial<typeof TEST_USER>) {
  server = await startApiServer(() => ({ status: 500 }));
  return renderWithApp(
    <MemoryRouter>
      <TopMenu />
    </MemoryRouter>,
    { baseUrl: server.baseUrl, user: { ...TEST_USER, ...user } },
  );
}

function renderAvatar(element: React.ReactElement): HTMLElement {
  const { container } = render(element);
  return container.firstElementChild as HTMLElement;
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString();

describe('TopMenu (docs/SPEC.md §2)', () => {
  it('shows the name, coins as K/M and the swipe bar over 60', async () => {
    await renderMenu({ memeCoins: 12_345, swipes: 30 });
    expect(screen.getByText('tester')).toBeInTheDocument();
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('12.34K');
    expect(screen.getByTestId('swipe-bar')).toHaveTextContent('30/60');
  });

  it("shows the player's photo as the avatar", async () => {
    await renderMenu({ photoUrl: 'https://t.me/i/userpic/320/tester.jpg' });
    const avatar = screen.getByTestId('menu-avatar');
    expect(avatar.querySelector('img')).toHaveAttribute('src', 'https://t.me/i/userpic/320/tester.jpg');
    expect(avatar).not.toHaveClass('avatar--generated');
  });

  it('without a photo, shows the generated avatar the rating draws for the player', async () => {
    await renderMenu({ photoUrl: null, username: 'tester' });
    const avatar = screen.getByTestId('menu-avatar');
    const board = renderAvatar(
      <MiniAvatar name={playerName({ username: 'tester', firstName: 'Test' })} photoUrl={null} />,
    );
    expect(avatar).toHaveClass('avatar--generated');
    expect(avatar).toHaveTextContent('T');
    expect(avatar.style.background).not.toBe('');
    expect(avatar.style.background).toBe(board.style.background);
  });

  it('shows the swipe bar over the current swipes above 60', async () => {
    await renderMenu({ swipes: 75 });
    expect(screen.getByTestId('swipe-bar')).toHaveTextContent('75/75');
  });

  it('a normal player: no border, "Enter promo code" and Invite in the dropdown', async () => {
    const { container } = await renderMenu({});
    expect(container.querySelector('.avatar')).not.toHaveClass('avatar--marked');
    expect(screen.queryByRole('button', { name: 'Premium' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Enter promo code', 'Invite']);
  });

  it('an influencer: border, and "Create promo code" instead', async () => {
    const { container } = await renderMenu({ infl: true });
    expect(container.querySelector('.avatar')).toHaveClass('avatar--marked');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('menuitem', { name: 'Create promo code' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Enter promo code' })).toBeNull();
  });

  it('an active boost: border and a premium badge telling until when', async () => {
    const { container } = await renderMenu({ boostEnds: tomorrow });
    expect(container.querySelector('.avatar')).toHaveClass('avatar--marked');
    await userEvent.click(screen.getByRole('button', { name: 'Premium' }));
    const date = new Date(tomorrow).toLocaleDateString('en');
    expect(screen.getByRole('status')).toHaveTextContent(`Your boost active until ${date}`);
  });

  it('an expired boost marks nothing', async () => {
    const { container } = await renderMenu({ boostEnds: '2020-01-01T00:00:00.000Z' });
    expect(container.querySelector('.avatar')).not.toHaveClass('avatar--marked');
    expect(screen.queryByRole('button', { name: 'Premium' })).toBeNull();
  });

  it('a balance change from the server animates and flashes', async () => {
    const view = await renderMenu({ memeCoins: 100 });
    act(() => {
      view.queryClient.setQueryData(sessionKeys.me(), { ...TEST_USER, memeCoins: 160 });
    });
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveClass('coins--gain'));
    expect(await screen.findByText('160')).toBeInTheDocument();
  });

  it('labels the swipe bar, and a tap on the balances opens the sheet with them in full', async () => {
    await renderMenu({ memeCoins: 12_345, swipes: 30, generationLimit: 2 });
    expect(screen.getByTestId('swipe-bar')).toHaveTextContent('Swipes30/60');
    await userEvent.click(screen.getByTestId('coin-balance'));
    const sheet = screen.getByRole('dialog', { name: 'Your balance' });
    expect(within(sheet).getByTestId('balance-coins')).toHaveTextContent('12,345');
    expect(within(sheet).getByTestId('balance-swipes')).toHaveTextContent('30 of 60');
    expect(within(sheet).getByTestId('balance-credits')).toHaveTextContent('2');
    expect(within(sheet).getByRole('button', { name: 'See credit packs' })).toBeInTheDocument();
  });
});
