import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { startApiServer } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { Referrals } from './Referrals';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Referrals', () => {
  it('shows the link the API gives, the counters and the friends with their first meme', async () => {
    server = await startApiServer(() => ({
      status: 200,
      body: {
        link: 'https://t.me/SomeBot/play?startapp=ref_1001',
        invitedCount: 2,
        friendsGenerated: 1,
        referalCoins: 500,
        reward: { coins: 500, credits: 1 },
        items: [
          {
            tgId: 2,
            username: 'anna',
            firstName: 'Anna',
            photoUrl: null,
            joinedAt: '2026-11-20T10:00:00Z',
            generated: true,
          },
          {
            tgId: 3,
            username: null,
            firstName: 'Bob',
            photoUrl: null,
            joinedAt: '2026-11-21T10:00:00Z',
            generated: false,
          },
        ],
      },
    }));
    renderWithApp(<Referrals />, { baseUrl: server.baseUrl });
    expect(await screen.findByTestId('invite-link')).toHaveTextContent(
      'https://t.me/SomeBot/play?startapp=ref_1001',
    );
    expect(screen.getByTestId('stat-invited')).toHaveTextContent('2');
    // What a friend brings, from the API's config.
    expect(screen.getByTestId('invite-reward')).toHaveTextContent('+500 coins');
    expect(screen.getByTestId('invite-reward')).toHaveTextContent('+1 credit');
    expect(screen.getByTestId('invite-reward')).toHaveTextContent('2,000');
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByTestId('friend-list')).toHaveTextContent('@anna');
    expect(screen.getByText('Made a meme ✓')).toBeInTheDocument();
    expect(screen.getByText('No meme yet')).toBeInTheDocument();
    expect(server.requests[0].path).toBe('/api/v1/users/referrals/?page=1&pageSize=20');
  });
});
