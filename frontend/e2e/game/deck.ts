import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot, smallTapTargets, tappableUnder } from '../browser.js';
import { agreeToFaceNote } from '../app/helpers.js';
import { seedMemes } from '../seed.js';
import { DECK, apiPlayer, coins, nextTgId, openPlayer, stack, swipeAnswer, useGame } from './helpers.js';

useGame();

describe('the game in a phone browser against the real backend', () => {
  it('swipes a deck of 12 (a drag, then the buttons): coins and the bar move, the 10th swipe brings a gift that opens', async () => {
    const { context, page } = await openPlayer();
    const card = page.getByTestId('swipe-card');
    await card.locator('img').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('[data-testid="swipe-card"] img')?.complete,
    );
    await shot(page, '30-deck-intro');
    await page.getByRole('button', { name: 'Got it' }).click();
    assert.equal(await coins(page), 0);
    assert.equal(await page.getByTestId('swipe-bar').locator('.swipe-bar__label').textContent(), '60/60');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /main with the deck');

    // A finger throws the first card to the right: a like.
    const box = (await card.boundingBox())!;
    const answered = swipeAnswer(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + box.width / 2 + step * 25, box.y + box.height / 2 + step * 2);
    }
    await page.mouse.up();
    const first = await answered;
    assert.equal(first.status(), 200);
    assert.deepEqual(first.request().postDataJSON(), { like: true });

    for (let n = 2; n <= 12; n++) {
      const next = swipeAnswer(page);
      await page.getByRole('button', { name: n % 3 ? 'Like' : 'Skip' }).click();
      assert.equal((await next).status(), 200, `swipe ${n}`);
      if (n === 10) {
        // The 10th swipe rolled a gift: its reveal opens full screen at once, with a success haptic.
        const reveal = page.getByRole('dialog', { name: 'You got a gift!' });
        await reveal.locator('.gift-art').waitFor();
        const haptics = await page.evaluate(() => window.__telegramHaptics ?? []);
        assert.ok(
          haptics.some((h) => h.type === 'notification' && h.notification_type === 'success'),
          `a success haptic with the gift (${JSON.stringify(haptics)})`,
        );
        await shot(page, '31-gift-reveal');
        // "Later" keeps it for the gift button.
        await reveal.getByRole('button', { name: 'Later' }).click();
        await reveal.waitFor({ state: 'detached' });
      }
    }
    await page.waitForFunction(
      () => document.querySelector('[data-testid="swipe-bar"] .swipe-bar__label')?.textContent === '48/60',
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/\D/g, '') === '12',
    );
    await shot(page, '31-deck-swiped');

    await page.getByRole('button', { name: '1 gift' }).click();
    const reveal = page.getByRole('dialog', { name: 'You got a gift!' });
    await reveal.getByRole('button', { name: 'Open' }).click();
    const prize = page.getByTestId('gift-prize');
    await prize.waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Your prize' }).count(), 1);
    const prizeText = (await prize.textContent())!;
    // What was won and, but for a boost, the balance it went to.
    assert.match(
      prizeText,
      /^\+\d+ (coins?|credits?|swipes?)Your (coins|credits|swipes): [\d,]+$|^Premium boost/,
    );
    await shot(page, '32-gift-opened');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('the Create action is in reach on a 390×844 phone: on screen without scrolling, clear of the nav', async () => {
    const { context, page } = await openPlayer();
    const create = page.getByTestId('create-fab');
    await create.waitFor();
    const box = (await create.boundingBox())!;
    const nav = (await page.locator('.bottom-nav').boundingBox())!;
    assert.ok(
      box.y >= 0 && box.y + box.height <= nav.y,
      `Create (${box.y}–${box.y + box.height}) above the nav (${nav.y})`,
    );
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // What is at its centre is the button itself: nothing covers it.
    assert.equal(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="create-fab"]') !== null,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
      true,
    );
    // The deck comes first: its top card starts above the fold.
    await page.getByTestId('swipe-card').waitFor();
    assert.ok((await page.getByTestId('swipe-card').boundingBox())!.y < 200);
    // Nothing a player could tap lies under it (it covered the Stickers shortcut), nor under the nav's
    // raised Feed button (it covered the Stickers shortcut's foot): every 4 px of their boxes.
    await page.getByRole('link', { name: 'Stickers' }).waitFor();
    assert.deepEqual(await tappableUnder(create), []);
    assert.deepEqual(await tappableUnder(page.locator('.bottom-nav__link--main .bottom-nav__icon')), []);
    await create.click();
    // A new player is shown the one-time face-photo note before the picker.
    await agreeToFaceNote(page);
    await page.getByTestId('gallery-input').first().waitFor({ state: 'attached' });
    await context.close();
  });

  it('the deck refills itself while open: a meme published elsewhere comes onto the emptied deck', async () => {
    const { context, page } = await openPlayer();
    await page.getByRole('button', { name: 'Got it' }).click();
    for (let n = 1; n <= DECK; n++) {
      const next = swipeAnswer(page);
      await page.getByRole('button', { name: 'Skip' }).click();
      await next;
      if (n % 10 === 0) await page.getByRole('button', { name: 'Later' }).click();
    }
    await page.getByTestId('deck-empty').waitFor();
    // Another author publishes: `memes:published` reaches the open deck, which asks for cards again.
    const author = nextTgId();
    await seedMemes(stack, author, await apiPlayer(author, 'late_author'), 1);
    await page.getByTestId('swipe-card').locator('img').waitFor();
    await context.close();
  });

  it('a swipe sent offline comes back without a "swipes added" tip; a real rise shows one above the card', async () => {
    const { context, page, tgId } = await openPlayer();
    await page.getByRole('button', { name: 'Got it' }).click();
    const card = page.getByTestId('swipe-card');
    await card.locator('img').waitFor();
    const label = () => page.getByTestId('swipe-bar').locator('.swipe-bar__label').textContent();
    assert.equal(await label(), '60/60');

    await context.setOffline(true);
    const failed = page.waitForEvent('requestfailed', (request) =>
      /\/api\/v1\/swipes\/[^/]+\/$/.test(request.url()),
    );
    await page.getByRole('button', { name: 'Like' }).click();
    await failed;
    await page.waitForFunction(
      () => document.querySelector('[data-testid="swipe-bar"] .swipe-bar__label')?.textContent === '60/60',
    );
    assert.equal(await page.getByTestId('swipes-added').count(), 0, 'the swipe given back is no rise');
    await context.setOffline(false);

    // The balance this phone last saw was 50: the 60 it sees now is a rise of 10.
    await page.evaluate(
      (id) =>
        localStorage.setItem(
          `mm_swipes_added:${id}`,
          JSON.stringify({ seen: 50, addedAt: null, added: 0, shownAt: null }),
        ),
      tgId,
    );
    await page.reload();
    const tip = page.getByTestId('swipes-added');
    await tip.getByText('+10').waitFor();
    await card.locator('img').waitFor();
    const tipBox = (await tip.boundingBox())!;
    const cardBox = (await card.first().boundingBox())!;
    assert.ok(
      tipBox.y + tipBox.height <= cardBox.y,
      `the tip (bottom ${tipBox.y + tipBox.height}) ends above the card (top ${cardBox.y})`,
    );
    await shot(page, '32-swipes-added');
    await context.close();
  });
});
