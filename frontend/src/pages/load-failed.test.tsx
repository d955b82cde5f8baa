import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { startApiServer } from '../test/api-server';
import { renderWithApp, TEST_USER } from '../test/render';
import { AirdropShare } from '../features/airdrop';
import { InvitePage } from './InvitePage';
import { MainPage } from './MainPage';
import { ProfilePage } from './ProfilePage';
import { QuestsPage } from './QuestsPage';
import { RatingPage } from './RatingPage';
import { SharedMemePage } from './SharedMemePage';
import { SquadPage } from './SquadPage';
import { StickersPage } from './StickersPage';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every page that loads data, at a path of its route. */
const PAGES: Array<[name: string, route: string, path: string, Page: ComponentType]> = [
  ['main', '/main', '/main', MainPage],
  ['quests', '/quests', '/quests', QuestsPage],
  ['rating', '/rating', '/rating', RatingPage],
  ['invite', '/invite', '/invite', InvitePage],
  ['profile', '/profile', '/profile', ProfilePage],
  ['stickers', '/stickers', '/stickers', StickersPage],
  // The page's share (TON Connect's own widget beside it needs a real browser: see the e2e).
  ['airdrop', '/airdrop', '/airdrop', AirdropShare],
  ['a squad', '/squads/:id', '/squads/7', SquadPage],
  ['a shared meme', '/i/:shareId', '/i/abc123', SharedMemePage],
];

describe('a page whose data failed to load', () => {
  it.each(PAGES)(
    '%s: says so with "Try again" in its place, and "Try again" asks again',
    async (_, route, path, Page) => {
      const asked: string[] = [];
      server = await startApiServer((req) => {
        if (req.path === '/api/v1/auth/me/') return { status: 200, body: TEST_USER };
        asked.push(req.path);
        return { status: 500, body: { detail: 'Internal server error' } };
      });
      renderWithApp(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={<Page />} />
          </Routes>
        </MemoryRouter>,
        { baseUrl: server.baseUrl },
      );
      const failed = (await screen.findAllByTestId('load-failed'))[0]!;
      expect(failed).toHaveTextContent('This could not be loaded.');
      const before = asked.length;
      await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    },
  );

  it('the quest list comes back once the server answers again', async () => {
    let broken = true;
    server = await startApiServer((req) => {
      if (req.path === '/api/v1/auth/me/') return { status: 200, body: TEST_USER };
      if (req.path === '/api/v1/tasks/' && !broken)
        return {
          status: 200,
          body: {
            items: [
              {
                id: 1,
                kind: 'first_meme',
                title: 'Create your first meme',
                description: '',
                reward: { coins: 200 },
                done: false,
              },
            ],
          },
        };
      return { status: 500, body: { detail: 'Internal server error' } };
    });
    renderWithApp(
      <MemoryRouter>
        <QuestsPage />
      </MemoryRouter>,
      { baseUrl: server.baseUrl },
    );
    await screen.findByTestId('load-failed');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Create your first meme');
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
