import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot, smallTapTargets } from '../browser.js';
import { app, openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

describe('quests: a channel quest checked against the fake Bot API', () => {
  it('a channel quest fails before Telegram says "member" and passes after, the reward reaching the balance', async () => {
    const { context, page, tgId } = await openNewPlayer();
    await skipOnboarding(page);
    await page.getByRole('link', { name: 'Quests' }).click();
    const channel = page.getByTestId('quest-channel');
    await channel.getByRole('button', { name: 'Go' }).click();
    await channel.getByRole('button', { name: 'Check' }).click();
    await channel.getByText('Not done yet. Do it, then tap Check again.').waitFor();
    await shot(page, '23-quests');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /quests');
    // The coin icon draws an "M": the balance is the digits.
    const coins = async () => (await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, '');
    assert.equal(await coins(), '0');

    const { fakeBotApiUrl } = (await (
      await fetch(`${app.stack.baseUrl}/api/v1/auth/dev/telegram/`)
    ).json()) as {
      fakeBotApiUrl: string;
    };
    const joined = await fetch(`${fakeBotApiUrl}/__fake/chat-member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chatId: '@mememint_news', userId: tgId, status: 'member' }),
    });
    assert.equal(joined.status, 200);

    await channel.getByRole('button', { name: 'Check' }).click();
    await channel.getByText('Done ✓').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/\D/g, '') === '500',
    );
    await shot(page, '24-quest-done');
    await context.close();
  });
});
