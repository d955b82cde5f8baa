import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { startApiServer } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { AirdropShare } from './AirdropSummary';

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

describe('the airdrop summary', () => {
  it('shows a skeleton, then the linked wallet and the share of all earned coins', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server = await startApiServer(async () => {
      await answered;
      return {
        status: 200,
        body: { hasTon: true, address: 'UQAbc', coins: 250, totalCoins: 1000, share: 0.25 },
      };
    });
    renderWithApp(<AirdropShare />, { baseUrl: server.baseUrl });
    expect(await screen.findByTestId('airdrop-skeleton')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Your share of the airdrop: 25%')).toBeInTheDocument();
    expect(screen.getByTestId('airdrop-address')).toHaveTextContent('Linked wallet: UQAbc');
    expect(server.requests.map((request) => request.path)).toEqual(['/api/v1/users/airdrop/']);
  });

  it('shows no address before a wallet is linked', async () => {
    server = await startApiServer(() => ({
      status: 200,
      body: { hasTon: false, address: null, coins: 0, totalCoins: 0, share: 0 },
    }));
    renderWithApp(<AirdropShare />, { baseUrl: server.baseUrl });
    expect(await screen.findByText('Your share of the airdrop: 0%')).toBeInTheDocument();
    expect(screen.queryByTestId('airdrop-address')).toBeNull();
  });

  // Three significant digits: 8.13%, not 8.1301%, and a sliver still shows.
  it.each([
    [10 / 123, 'Your share of the airdrop: 8.13%'],
    [1.234e-6, 'Your share of the airdrop: 0.000123%'],
  ])('shows a share of %d as "%s"', async (share, text) => {
    server = await startApiServer(() => ({
      status: 200,
      body: { hasTon: false, address: null, coins: 10, totalCoins: 123, share },
    }));
    renderWithApp(<AirdropShare />, { baseUrl: server.baseUrl });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
