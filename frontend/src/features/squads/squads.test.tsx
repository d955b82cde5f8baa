import type { SquadDto, SquadMembershipDto } from '@mememint/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { inCooldown } from './cooldown';
import { SquadChooser } from './SquadChooser';

const squad = (id: number, rank: number, members: number): SquadDto => ({
  id,
  rank,
  title: `Squad ${id}`,
  influencer: { tgId: 500 + id, username: `lead${id}`, firstName: null, photoUrl: null },
  members,
  score: 100 - rank,
});

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderChooser(handler: Handler) {
  server = await startApiServer(handler);
  return renderWithApp(
    <MemoryRouter>
      <SquadChooser />
    </MemoryRouter>,
    { baseUrl: server.baseUrl },
  );
}

const list = (mine: SquadMembershipDto) => ({
  items: [squad(1, 1, 3), squad(2, 2, 1)],
  page: 1,
  pageSize: 20,
  total: 2,
  mine,
});

describe('SquadChooser', () => {
  it('joins a squad; then the others offer a switch and the list reloads with the membership', async () => {
    let mine: SquadMembershipDto = { squadId: null, switchAvailableAt: null };
    await renderChooser((req) => {
      if (req.method === 'POST') {
        mine = { squadId: 2, switchAvailableAt: null };
        return { status: 200, body: mine };
      }
      return { status: 200, body: list(mine) };
    });
    const rows = await screen.findAllByTestId('squad-row');
    expect(rows[0]).toHaveTextContent('Squad 1@lead1 · 3 members');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Join' }));

    expect(await within(rows[1]!).findByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Switch' })).toBeEnabled();
    expect(server!.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/squads/2/join/',
    ]);
  });

  it('shows the switch cooldown and holds the Switch buttons until it ends', async () => {
    const later = new Date(Date.now() + 5 * 3600_000).toISOString();
    await renderChooser(() => ({ status: 200, body: list({ squadId: 1, switchAvailableAt: later }) }));
    expect(await screen.findByTestId('squad-cooldown')).toHaveTextContent('You can join another squad after');
    const rows = screen.getAllByTestId('squad-row');
    expect(within(rows[1]!).getByRole('button', { name: 'Switch' })).toBeDisabled();
    expect(within(rows[0]!).getByRole('button', { name: 'Leave' })).toBeEnabled();
  });

  it('the cooldown is over once its time passed', () => {
    expect(inCooldown(null)).toBe(false);
    expect(inCooldown('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:00:01Z'))).toBe(false);
    expect(inCooldown('2026-01-01T00:00:00Z', Date.parse('2025-12-31T23:00:00Z'))).toBe(true);
  });
});
