import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot, smallTapTargets } from '../browser.js';
import { openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

describe('the airdrop page and its TON Connect chunk', () => {
  it('the airdrop page: the TON Connect button and the share, TON Connect loaded on that route only', async () => {
    const { context, page } = await openNewPlayer();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await skipOnboarding(page);
    await page.getByTestId('create-fab').waitFor();
    const beforeAirdrop = scripts.length;
    await page.goto('/airdrop');
    await page.getByText('Your share of the airdrop: 0%').waitFor();
    await page.locator('.ton-connect button').first().waitFor();
    await shot(page, '27-airdrop');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /airdrop');
    const tonChunk = (path: string) => /\/assets\/.*(AirdropPage|tonconnect).*\.js$/i.test(path);
    assert.ok(!scripts.slice(0, beforeAirdrop).some(tonChunk), 'no TON Connect code before /airdrop');
    assert.ok(scripts.slice(beforeAirdrop).some(tonChunk), 'TON Connect code loaded on /airdrop');
    const payloads = scripts
      .slice(beforeAirdrop)
      .filter((path) => path === '/api/v1/users/ton-proof/payload/');
    assert.equal(payloads.length, 1, 'the ton_proof payload is asked before the modal can open');
    await context.close();
  });
});
