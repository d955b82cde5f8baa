import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { AirdropDto, UserDto } from '@mememint/contracts';

import { shot } from '../browser.js';
import { injectWallet, newTestWallet } from '../ton-wallet.js';
import { api, openNewPlayer, skipOnboarding, tokenOf, useApp } from './helpers.js';

useApp();

describe('TON Connect in the browser', () => {
  it('a wallet connects from /airdrop, signs ton_proof for the payload the API issued, the API verifies it: hasTon', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const token = await tokenOf(context);
    assert.equal((await api<UserDto>('/v1/auth/me/', { token })).hasTon, false);

    const wallet = newTestWallet();
    await injectWallet(context, wallet);
    const payloads: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/users/ton-proof/payload/')
        void response.json().then((body: { payload: string }) => payloads.push(body.payload));
    });
    const linked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/users/add-ton/',
    );
    await page.goto('/airdrop');
    await page.locator('.ton-connect button').first().click();

    // The backend's answer to the proof, and the page saying so.
    assert.equal((await linked).status(), 200);
    await page.getByText('Wallet connected').waitFor();
    await shot(page, '28-airdrop-connected');

    // The wallet was asked for its address and a proof of exactly the payload the API issued.
    assert.equal(wallet.requests.length, 1);
    assert.deepEqual(wallet.requests[0]!.items, [
      { name: 'ton_addr' },
      { name: 'ton_proof', payload: payloads[0] },
    ]);
    const me = await api<UserDto>('/v1/auth/me/', { token });
    assert.equal(me.hasTon, true);
    const airdrop = await api<AirdropDto>('/v1/users/airdrop/', { token });
    assert.equal(airdrop.address, wallet.address.toString({ bounceable: false }));
    await context.close();
  });
});
