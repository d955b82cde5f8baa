import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot, smallTapTargets } from '../browser.js';
import {
  TEMPLATE_TITLE,
  TEMPLATE_TITLE_RU,
  openCreate,
  openNewPlayer,
  skipOnboarding,
  useApp,
  type Look,
} from './helpers.js';

useApp();

describe('every main screen in both themes and languages, and the menu', () => {
  const LOOKS: Array<Required<Look>> = [
    { theme: 'light', lang: 'en' },
    { theme: 'dark', lang: 'en' },
    { theme: 'light', lang: 'ru' },
    { theme: 'dark', lang: 'ru' },
  ];
  const TEXTS = {
    en: {
      skip: 'Skip',
      create: 'Create a meme',
      screens: [
        ['/profile', 'Credits left', 'profile'],
        ['/rating', 'Your rating', 'rating'],
        ['/invite', 'Your invite link', 'invite'],
        ['/quests', 'Complete quests to earn MemeMint coins.', 'quests'],
        ['/airdrop', 'Airdrop', 'airdrop'],
        ['/stickers', 'Sticker packs', 'stickers'],
      ],
      balance: 'Your balance',
      swipes: 'Swipes',
    },
    ru: {
      skip: 'Пропустить',
      create: 'Создать мем',
      screens: [
        ['/profile', 'Осталось кредитов', 'profile'],
        ['/rating', 'Твой рейтинг', 'rating'],
        ['/invite', 'Твоя ссылка-приглашение', 'invite'],
        ['/quests', 'Выполняй задания и зарабатывай монеты MemeMint.', 'quests'],
        ['/airdrop', 'Аирдроп', 'airdrop'],
        ['/stickers', 'Стикерпаки', 'stickers'],
      ],
      balance: 'Твой баланс',
      swipes: 'Свайпы',
    },
  } as const;

  for (const look of LOOKS) {
    it(`every main screen on a phone, ${look.theme} and ${look.lang} (screenshots, tap targets, balance sheet)`, async () => {
      const texts = TEXTS[look.lang];
      const { context, page, tgId } = await openNewPlayer(look);
      await skipOnboarding(page, texts.skip);
      await page.getByTestId('create-fab').waitFor();
      const name = (screen: string) => `05-${screen}-${look.theme}-${look.lang}`;
      await shot(page, name('main'));
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /main');

      // The swipe bar says what it is; a tap on the balances opens them in full.
      await page.getByTestId('swipe-bar').getByText(texts.swipes).waitFor();
      await page.getByTestId('coin-balance').click();
      await page.getByRole('dialog', { name: texts.balance }).waitFor();
      assert.match((await page.getByTestId('balance-swipes').textContent()) ?? '', /60\D+60/);
      await shot(page, name('balance'));
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the balance sheet');
      await page.keyboard.press('Escape');

      for (const [path, text, screen] of texts.screens) {
        await page.goto(path);
        await page.getByText(text, { exact: true }).first().waitFor();
        if (path === '/airdrop') await page.locator('.ton-connect *').first().waitFor();
        await shot(page, name(screen));
        assert.deepEqual(await smallTapTargets(page), [], `tap targets on ${path}`);
      }
      // The profile names the player once (the top menu does).
      await page.goto('/profile');
      await page.getByText(texts.screens[0][1]).waitFor();
      assert.equal(await page.getByText(`dev${tgId}`, { exact: true }).count(), 1);

      await page.goto('/main');
      await openCreate(page, 'portrait-01.jpg', texts.create);
      await page
        .getByRole('button', { name: look.lang === 'ru' ? TEMPLATE_TITLE_RU : TEMPLATE_TITLE })
        .locator('img')
        .waitFor();
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await shot(page, name('create-templates'));
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the template choice');
      await context.close();
    });
  }

  it('the promo dialog validates before any call', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Invite' }).waitFor();
    await shot(page, '06-dropdown');
    await page.getByRole('menuitem', { name: 'Enter promo code' }).click();
    const apply = page.getByRole('button', { name: 'Apply' });
    assert.equal(await apply.isDisabled(), true, 'Apply is disabled while empty');
    await page.getByRole('textbox').fill('ABC');
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await apply.click();
    await page.getByText('Promo code must have at least 6 characters').waitFor();
    assert.ok(!calls.some((path) => path.startsWith('/api/v1/promocodes/')), 'no call for a short code');
    await shot(page, '06-promo-short');
    const invite = await page.goto('/invite').then(() => page.getByTestId('invite-link').textContent());
    assert.match(invite ?? '', /^https:\/\/t\.me\/[^/]+\/[^/?]+\?startapp=ref_\d+$/);
    await context.close();
  });
});
