import type { UserDto } from '@mememint/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { type Handler, startApiServer } from '../test/api-server';
import { renderWithApp, TEST_USER } from '../test/render';
import { ProfilePage } from './ProfilePage';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  localStorage.clear();
});

/** The lists Profile loads, empty; `more` answers the rest. */
function profileApi(more: Handler): Handler {
  return (req) => {
    if (req.method === 'GET' && /^\/api\/v1\/memes\/\?/.test(req.path))
      return { status: 200, body: { items: [], page: 1, pageSize: 20, total: 0 } };
    if (req.method === 'GET' && /^\/api\/v1\/(tariff|boost|meme_tariff)\//.test(req.path))
      return { status: 200, body: { items: [] } };
    return more(req);
  };
}

async function openProfile(handler: Handler, user: UserDto = TEST_USER) {
  server = await startApiServer(profileApi(handler));
  return renderWithApp(
    <MemoryRouter initialEntries={['/profile']}>
      <ProfilePage />
    </MemoryRouter>,
    { baseUrl: server.baseUrl, user },
  );
}

describe('Profile: gender (issue 22)', () => {
  it('shows the gender the server keeps, and saves a new one with PATCH /v1/users/me/', async () => {
    const view = await openProfile(
      (req) =>
        req.method === 'PATCH' && req.path === '/api/v1/users/me/'
          ? { status: 200, body: { ...TEST_USER, gender: (req.body as { gender: string }).gender } }
          : { status: 404, body: { detail: 'Not found' } },
      { ...TEST_USER, gender: 'male' },
    );
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await waitFor(() => expect(view.user()?.gender).toBe('female'));
    expect(server!.requests.filter((req) => req.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/v1/users/me/', body: { gender: 'female' } }),
    ]);
    expect(screen.getByRole('radio', { name: 'Female' })).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('mm_gender')).toBeNull();
  });

  it('a refused save says so and keeps the gender the server has', async () => {
    await openProfile(() => ({ status: 503, body: { detail: 'Service unavailable' } }));
    await userEvent.click(screen.getByRole('radio', { name: 'Transgender' }));
    await screen.findByText('Could not save your gender. Try again.');
    for (const name of ['Male', 'Female', 'Transgender'])
      expect(screen.getByRole('radio', { name })).toHaveAttribute('aria-checked', 'false');
  });
});

describe('Profile: an influencer’s squad earnings (issue 22, defect 6)', () => {
  it('shows the Stars their squad’s purchases earned them; a player who is no influencer sees none', async () => {
    const noApi = () => ({ status: 404, body: { detail: 'Not found' } });
    const view = await openProfile(noApi, { ...TEST_USER, infl: true, referralSpending: 37 });
    expect(screen.getByTestId('stat-squad-stars')).toHaveTextContent('37');
    expect(screen.getByTestId('stat-squad-stars')).toHaveTextContent('Stars from your squad’s purchases');
    view.unmount();
    await server?.close();
    await openProfile(noApi, { ...TEST_USER, referralSpending: 0 });
    expect(screen.queryByTestId('stat-squad-stars')).toBeNull();
  });
});
