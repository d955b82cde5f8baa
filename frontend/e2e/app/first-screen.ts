import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

const TEXTS = {
  en: { skip: 'Skip', create: 'Create a meme' },
  ru: { skip: 'Пропустить', create: 'Создать мем' },
};

describe('the first screen drawn with the HTML and hydrated by React DOM', () => {
  for (const lang of ['en', 'ru'] as const)
    it(`in ${lang}: the served page holds the shell, React DOM takes it over without a mismatch`, async () => {
      const { context, page } = await openNewPlayer({ lang });
      await skipOnboarding(page, TEXTS[lang].skip);
      // React's reports of what it recovered from (main.tsx's onRecoverableError), and any uncaught error.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('React recovered'))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));

      // The HTML as served: the shell in #root, before any script.
      const html = await (await page.request.get('/main')).text();
      assert.match(html, /<div id="root"><div class="layout" aria-busy="true"><header class="top-menu">/);
      assert.match(html, /<span class="create-fab create-fab--shell" aria-hidden="true"><svg/);
      assert.doesNotMatch(html, /hero-card/);

      // A returning player reopens the app: the shell, hydrated, then /main in the player's language.
      await page.goto('/main');
      await page.getByRole('button', { name: TEXTS[lang].create }).first().waitFor();
      assert.deepEqual(problems, []);
      assert.equal(
        await page.evaluate(() =>
          Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer$')),
        ),
        true,
        'React DOM holds #root',
      );
      await context.close();
    });
});
