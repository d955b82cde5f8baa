import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot } from '../browser.js';
import { apiAs, app, newTgId, openNewPlayer, useApp } from './helpers.js';

useApp();

describe('a shared meme: the link preview and the page', () => {
  it('a shared meme: Open Graph tags for link previews, and the meme in the mini app', async () => {
    const tgId = newTgId();
    const api = await apiAs(tgId);
    const meme = await api.uploadMeme('portrait-08.jpg');
    await api.publish(meme.id, `Shared in e2e ${tgId}`);

    const html = await (await fetch(`${app.stack.baseUrl}/i/${meme.shareId}`)).text();
    assert.match(html, /<meta property="og:title"/);
    assert.match(html, /<meta property="og:image" content="https?:\/\/[^"]+"/);
    assert.match(html, /<meta name="twitter:card" content="summary_large_image"/);
    assert.equal((await fetch(`${app.stack.baseUrl}/i/unknown123`)).status, 404);

    const { context, page } = await openNewPlayer();
    await page.goto(`/i/${meme.shareId}`);
    await page.getByRole('img', { name: `Shared in e2e ${tgId}` }).waitFor();
    await page.getByRole('link', { name: 'Make your own' }).waitFor();
    await shot(page, '28-shared-meme');
    await context.close();
  });

  it('the deep link startapp=meme_… shows the meme, styled, with the app’s name before onboarding', async () => {
    const api = await apiAs(newTgId());
    const meme = await api.uploadMeme('portrait-08.jpg');
    await api.publish(meme.id, `Deep link ${meme.shareId}`);

    const { context, page } = await openNewPlayer({ query: `&startapp=meme_${meme.shareId}` });
    await page.waitForURL(`**/i/${meme.shareId}`);
    await page.getByRole('img', { name: `Deep link ${meme.shareId}` }).waitFor();
    await page.getByText('MemeMint', { exact: true }).waitFor();
    const button = page.getByRole('link', { name: 'Make your own' });
    // The app's styles apply: a filled, rounded button, not a bare underlined link.
    const look = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      return { radius: style.borderRadius, line: style.textDecorationLine, filled: style.backgroundColor };
    });
    assert.notEqual(look.radius, '0px');
    assert.equal(look.line, 'none');
    assert.notEqual(look.filled, 'rgba(0, 0, 0, 0)');
    await button.click();
    await page.waitForURL('**/onboarding');
    await context.close();
  });
});
