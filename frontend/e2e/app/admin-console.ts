import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { phoneContext, shot } from '../browser.js';
import { makePanClip } from '../seed.js';
import { ADMIN_TG_ID, FACES_DIR } from '../stack.js';
import { api, app, openNewPlayer, skipOnboarding, tokenOf, useApp } from './helpers.js';

useApp();

/** The admin's phone, signed in and past onboarding (another scenario may have done it already). */
async function openAdmin(query = '') {
  const context = await phoneContext(app.browser, app.stack.baseUrl);
  const page = await context.newPage();
  await page.goto(`/?tgId=${ADMIN_TG_ID}${query}`);
  // Onboarding's Skip, not the deck's (its swipe button has the same name).
  await page.waitForURL((url) => url.pathname === '/onboarding' || url.pathname === '/main');
  if (new URL(page.url()).pathname === '/onboarding') await skipOnboarding(page);
  return { context, page };
}

/** Confirms the console's question and waits for its toast. */
async function confirm(page: Page, toast: string) {
  await page.getByTestId('confirm').click();
  await page.getByText(toast).waitFor();
}

describe('the operator console (/admin)', () => {
  it('an admin uploads a template and sees its faces, publishes then disables it, grants credits, refunds an order, bans and unbans, opens the figures', async () => {
    const { context, page } = await openAdmin();
    // The entry is in the top menu's dropdown, for admins only.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Console' }).click();
    await page.waitForURL('**/admin/templates');
    await page.getByTestId('console').waitFor();

    // A template: uploaded, its faces shown before anything reaches players.
    const title = `Console team ${Date.now()}`;
    await page.getByTestId('template-image').setInputFiles(join(FACES_DIR, 'group-06.jpg'));
    await page.getByLabel('Title (English)').fill(title);
    await page.getByRole('button', { name: 'Upload and find faces' }).click();
    await page.getByTestId('template-review').waitFor({ timeout: 120_000 });
    assert.ok((await page.getByTestId('face-box').count()) > 1, 'the group photo’s faces are framed');
    await shot(page, '90-console-template-faces');
    const player = await openNewPlayer();
    await skipOnboarding(player.page);
    const playerToken = await tokenOf(player.context);
    const listed = async () =>
      (
        await api<{ items: { title: string }[] }>('/v1/memes/generations/templates/?pageSize=100', {
          token: playerToken,
        })
      ).items.some((item) => item.title === title);
    assert.equal(await listed(), false, 'an upload is stored disabled');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Template published').waitFor();
    assert.equal(await listed(), true);
    const row = page.getByTestId('template-row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Template switched').waitFor();
    await row.getByText('Off').waitFor();
    assert.equal(await listed(), false, 'a disabled template leaves the players’ list');

    // A player found and granted credits: their own screen shows it at once (the socket).
    await player.page.goto('/profile');
    const credits = player.page.getByTestId('stat-credits').locator('.stat__value');
    const before = Number(await credits.textContent());
    await page.getByRole('link', { name: 'Players' }).click();
    await page.getByRole('searchbox').fill(String(player.tgId));
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('player-link').first().click();
    await page.getByTestId('player-detail').waitFor();
    const grant = page.getByTestId('grant-form');
    await grant.getByLabel('Amount (negative takes)').fill('5');
    await grant.getByLabel('Reason').fill('Support ticket 1');
    await grant.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).waitFor();
    await confirm(page, 'Balance changed');
    await player.page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="stat-credits"] .stat__value')?.textContent === expected,
      String(before + 5),
    );
    await page
      .getByTestId('player-balances')
      .getByText(`Credits ${before + 5}`)
      .waitFor();
    await shot(page, '91-console-player');

    // The player buys a credit pack (the fake Bot API pays); the admin refunds it.
    const buy = player.page.getByRole('button', { name: 'Buy 10 credits for 50 Stars' });
    player.page.once('dialog', (dialog) => void dialog.accept());
    await buy.click();
    await player.page.getByText('Payment received. Thank you!').waitFor();
    await player.page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="stat-credits"] .stat__value')?.textContent === expected,
      String(before + 15),
    );
    await page.getByRole('link', { name: 'Orders' }).click();
    const order = page
      .getByTestId('order-row')
      .filter({ hasText: `dev${player.tgId}` })
      // 50 Stars (the star is an icon now, not an emoji).
      .filter({ hasText: /\b50\s+·/ });
    await order.getByRole('button', { name: 'Refund' }).click();
    await confirm(page, 'Order refunded');
    await order.getByText('Refunded').waitFor();
    await player.page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="stat-credits"] .stat__value')?.textContent === expected,
      String(before + 5),
    );
    await player.context.close();

    // The player banned for a day, then the ban lifted (each confirmed first).
    await page.getByRole('link', { name: 'Players' }).click();
    await page.getByRole('searchbox').fill(String(player.tgId));
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByTestId('player-link').first().click();
    const ban = page.getByTestId('player-ban');
    await ban.getByLabel('Reason').fill('Support ticket 2');
    await ban.getByLabel('Days (empty: until lifted)').fill('1');
    await ban.getByRole('button', { name: 'Ban' }).click();
    await confirm(page, 'Player banned');
    await page.getByTestId('player-detail').getByText('Banned').waitFor();
    await ban.getByRole('button', { name: 'Unban' }).click();
    await confirm(page, 'Ban lifted');
    await ban.getByRole('button', { name: 'Ban' }).waitFor();

    // The figures: charts of the days, and the queues.
    await page.getByRole('link', { name: 'Figures' }).click();
    await page.getByTestId('figures').locator('.console-chart canvas').first().waitFor();
    assert.equal(await page.locator('.console-chart').count(), 6);
    await page.getByText('Queues now').waitFor();
    await shot(page, '92-console-figures');
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByTestId('audit-row').filter({ hasText: 'order.refund' }).first().waitFor();
    await context.close();
  });

  it('an admin uploads a clip: told its faces are being found, then shown it live with its face, or why not', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mm-e2e-console-clip-'));
    try {
      await makePanClip(folder, { format: 'mp4', fps: 12, seconds: 1 });
      const { context, page } = await openAdmin();
      await page.goto('/admin/templates');
      const title = `Console clip ${Date.now()}`;
      await page.getByTestId('template-image').setInputFiles(join(folder, 'pan.mp4'));
      await page.getByLabel('Title (English)').fill(title);
      await page.getByRole('button', { name: 'Upload and find faces' }).click();
      // The upload answers at once; the worker's analysis follows (the socket, or a look again).
      const analysis = page.getByTestId('clip-analysis');
      await analysis.waitFor();
      await page
        .locator('[data-testid="clip-analysis"][data-analysis="ready"]')
        .waitFor({ timeout: 120_000 });
      await analysis.getByText('1 face found').waitFor();
      assert.equal(await analysis.getByTestId('face-box').count(), 1);
      await page.waitForFunction(() => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="clip-analysis"] video');
        return !!video && video.readyState >= 1 && video.videoWidth > 0;
      });
      await shot(page, '93-console-clip-live');
      const row = page.getByTestId('template-row').filter({ hasText: title });
      await row.getByText('On', { exact: true }).waitFor();
      await row.getByTestId('template-analysis').getByText('Clip', { exact: true }).waitFor();
      // Live by itself; thrown away from here it is gone from the list.
      await analysis.getByRole('button', { name: 'Throw away' }).click();
      await page.getByText('Template thrown away').waitFor();
      await row.waitFor({ state: 'detached' });
      await context.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a player opening /admin gets the not-found screen and no console entry', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    // The first screen loads none of the console's code (nor its charts).
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await page.getByTestId('coin-balance').waitFor();
    assert.deepEqual(
      scripts.filter((path) => /AdminPage|FiguresPanel|NotFoundPage/.test(path)),
      [],
    );
    await page.getByRole('button', { name: 'Menu' }).click();
    assert.equal(await page.getByRole('menuitem', { name: 'Console' }).count(), 0);
    await page.goto('/admin/figures');
    await page.getByTestId('not-found').waitFor();
    await page.getByText('Page not found').waitFor();
    assert.equal(await page.getByTestId('console').count(), 0);
    await context.close();
  });

  it('an admin passes the mobile-only gate on Telegram Desktop', async () => {
    const { context, page } = await openAdmin('&platform=tdesktop');
    await page.goto('/admin/players');
    await page.getByTestId('console').waitFor();
    await context.close();
  });
});
