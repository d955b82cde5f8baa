import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startApiServer, type RecordedRequest } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { PlayerDetail } from './PlayerDetail';
import { addConsoleTexts } from './texts';

beforeAll(addConsoleTexts);

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

const player = (ban: { reason: string; until: string | null } | null) => ({
  tgId: 77,
  username: 'troll',
  firstName: 'Troll',
  isAdmin: false,
  infl: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  generationLimit: 3,
  memeCoins: 10,
  swipes: 60,
  adminByConfig: false,
  languageCode: 'en',
  boostEnds: null,
  hasTon: false,
  generationsCount: 0,
  invitedCount: 0,
  friendsGenerated: 0,
  referalCoins: 0,
  referalId: null,
  referralSpending: 0,
  squad: null,
  ban,
  orders: [],
  memes: [],
  referrals: [],
});

/** The admin API of one player whose ban follows the ban and unban calls (or refuses to ban). */
async function renderDetail(refuse = false) {
  let ban: { reason: string; until: string | null } | null = null;
  server = await startApiServer((req: RecordedRequest) => {
    if (req.method === 'GET' && req.path.startsWith('/api/v1/admin/users/77/ledger/'))
      return { status: 200, body: { items: [], page: 1, pageSize: 20, total: 0 } };
    if (req.method === 'GET' && req.path === '/api/v1/admin/users/77/')
      return { status: 200, body: player(ban) };
    if (req.path === '/api/v1/admin/users/77/ban/') {
      if (refuse)
        return { status: 409, body: { detail: 'An admin cannot be banned', code: 'ADMIN_NOT_BANNABLE' } };
      const { reason, days } = req.body as { reason: string; days?: number };
      ban = { reason, until: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null };
      return { status: 200, body: { tgId: 77, ...ban, createdAt: new Date().toISOString() } };
    }
    if (req.path === '/api/v1/admin/users/77/unban/') {
      ban = null;
      return { status: 200, body: { tgId: 77, banned: false } };
    }
    return { status: 404, body: { detail: 'Not found' } };
  });
  renderWithApp(
    <MemoryRouter initialEntries={['/admin/players/77']}>
      <Routes>
        <Route path="/admin/players/:tgId" element={<PlayerDetail />} />
      </Routes>
    </MemoryRouter>,
    { baseUrl: server.baseUrl },
  );
  return await screen.findByTestId('player-ban');
}

const posts = (path: string) => server.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('banning a player from the console', () => {
  it('bans for some days after a confirmation, shows the ban, then lifts it', async () => {
    const user = userEvent.setup();
    const form = await renderDetail();
    const ban = within(form).getByRole('button', { name: 'Ban' });
    expect(ban).toBeDisabled();

    await user.type(within(form).getByLabelText('Reason'), 'spam');
    await user.type(within(form).getByLabelText(/^Days/), '0');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A whole number of days from 1 to 36500',
    );
    expect(ban).toBeDisabled();
    await user.clear(within(form).getByLabelText(/^Days/));
    await user.type(within(form).getByLabelText(/^Days/), '7');
    await user.click(ban);

    expect(await screen.findByText('Ban @troll for 7 days?')).toBeInTheDocument();
    expect(posts('/api/v1/admin/users/77/ban/')).toHaveLength(0);
    await user.click(screen.getByTestId('confirm'));

    expect(await screen.findByText('Player banned')).toBeInTheDocument();
    expect(posts('/api/v1/admin/users/77/ban/').map((r) => r.body)).toEqual([{ reason: 'spam', days: 7 }]);
    expect(await screen.findByText(/^Banned until /)).toBeInTheDocument();
    expect(screen.getByText('Reason: spam')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('Lift the ban of @troll?')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm'));
    expect(await screen.findByText('Ban lifted')).toBeInTheDocument();
    expect(posts('/api/v1/admin/users/77/unban/')).toHaveLength(1);
    expect(await screen.findByLabelText('Reason')).toHaveValue('');
  });

  it('bans until lifted without days, and shows the API’s refusal for an admin', async () => {
    const user = userEvent.setup();
    const form = await renderDetail(true);
    await user.type(within(form).getByLabelText('Reason'), 'test');
    await user.click(within(form).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Ban @troll until the ban is lifted?')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm'));

    expect(await screen.findByText('An admin cannot be banned')).toBeInTheDocument();
    expect(posts('/api/v1/admin/users/77/ban/').map((r) => r.body)).toEqual([{ reason: 'test' }]);
    await waitFor(() => expect(screen.queryByTestId('confirm')).not.toBeInTheDocument());
    expect(screen.queryByText('Player banned')).not.toBeInTheDocument();
  });
});
