import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot } from '../browser.js';
import { app, newTgId, useApp } from './helpers.js';

useApp();

describe('how the app is served: compression, caching, the desktop notice', () => {
  it('serves the app compressed, hashed assets cached for a year', async () => {
    const html = await fetch(`${app.stack.baseUrl}/main`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(html.headers.get('cache-control'), 'no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())![1]!;
    const asset = await fetch(`${app.stack.baseUrl}${script}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    assert.equal(asset.headers.get('content-encoding'), 'br');
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('on a desktop: the notice with a QR code and the t.me link to open it on the phone', async () => {
    for (const theme of ['light', 'dark'] as const) {
      // A desktop browser as it is (Chromium's own user agent, no ?platform=): the development
      // launch keeps it a desktop client (issue 22, defect 13).
      const context = await app.browser.newContext({
        baseURL: app.stack.baseUrl,
        viewport: { width: 1280, height: 800 },
        colorScheme: theme,
        locale: 'en-US',
      });
      const page = await context.newPage();
      await page.goto(`/?tgId=${newTgId()}&theme=${theme}&lang=en`);
      await page.getByTestId('not-supported').waitFor();
      assert.equal(new URL(page.url()).pathname, '/not-supported-platform');
      await page.getByText('MemeMint works only in the Telegram app for Android and iOS.').waitFor();
      await page.getByRole('img', { name: 'QR code that opens MemeMint in Telegram' }).waitFor();
      assert.match(
        (await page.getByTestId('app-link').getAttribute('href')) ?? '',
        /^https:\/\/t\.me\/[^/]+\/[^/?]+$/,
      );
      await shot(page, `04-not-supported-${theme}`);
      await context.close();
    }
  });
});
