import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { phoneContext, shot, smallTapTargets } from '../browser.js';
import { PREMIUM_TITLE, app, newTgId, openCreate, openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

describe('payments: a credit pack with Stars, the premium lock leading to the plans', () => {
  it('buys a credit pack with Stars end to end: the invoice sheet, the fake Bot API paying, the credits rising', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await page.goto('/profile');
    const credits = page.getByTestId('stat-credits').locator('.stat__value');
    assert.equal(await credits.textContent(), '3');
    const buy = page.getByRole('button', { name: 'Buy 10 credits for 50 Stars' });
    await buy.scrollIntoViewIfNeeded();
    await shot(page, '20-profile-plans');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the plans');

    // The mock client's payment sheet: cancelled first, then paid.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await buy.click();
    await page.getByText('Payment cancelled').waitFor();
    assert.equal(await credits.textContent(), '3');

    page.once('dialog', (dialog) => void dialog.accept());
    await buy.click();
    await page.getByText('Payment received. Thank you!').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-credits"] .stat__value')?.textContent === '13',
    );
    await shot(page, '21-profile-paid');
    await context.close();

    const dark = await phoneContext(app.browser, app.stack.baseUrl, 'dark');
    const darkPage = await dark.newPage();
    await darkPage.goto(`/?tgId=${newTgId()}&theme=dark`);
    await skipOnboarding(darkPage);
    await darkPage.goto('/profile');
    await darkPage.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }).scrollIntoViewIfNeeded();
    await shot(darkPage, '22-profile-plans-dark');
    await dark.close();
  });

  it('a premium template shows its lock and leads to the boost plans', async () => {
    const { context, page } = await openNewPlayer({ theme: 'dark' });
    await skipOnboarding(page);
    await openCreate(page, 'portrait-01.jpg');
    const locked = page.getByRole('button', { name: new RegExp(PREMIUM_TITLE) });
    await locked.getByText('Boost').waitFor();
    await shot(page, '10-premium-locked');
    await locked.click();
    await page.getByRole('dialog', { name: 'Premium template' }).waitFor();
    await page.getByTestId('boost-plans').waitFor();
    await shot(page, '10-premium-dialog');
    await page.getByRole('button', { name: 'See boost plans' }).click();
    await page.waitForURL('**/profile#plans');
    await page.getByRole('heading', { name: 'Boost and premium' }).waitFor();
    await page.getByTestId('plans-credit_pack').waitFor();
    await shot(page, '10-profile-plans');
    await context.close();
  });
});
