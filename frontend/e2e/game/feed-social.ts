import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import sharp from 'sharp';

import { shot, smallTapTargets } from '../browser.js';
import { coins, nextTgId, openPlayer, stack, swipeAnswer, useGame } from './helpers.js';

useGame();

describe('the game in a phone browser against the real backend', () => {
  it('bets coins on a meme of today in the feed; the stake shows on it and the coins drop', async () => {
    const { context, page } = await openPlayer();
    await page.getByRole('button', { name: 'Got it' }).click();
    for (let n = 1; n <= 11; n++) {
      const next = swipeAnswer(page);
      await page.getByRole('button', { name: 'Like' }).click();
      await next;
      if (n === 10) await page.getByRole('button', { name: 'Later' }).click();
    }
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/\D/g, '')) >= 11,
    );
    const before = await coins(page);

    const feedCard = page.getByTestId('feed-card').first();
    await feedCard.scrollIntoViewIfNeeded();
    await feedCard.getByRole('button', { name: 'Bet' }).click();
    await page.getByRole('radio', { name: '10', exact: true }).click();
    await shot(page, '33-feed-bet');
    const voted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/v1/feed/'),
    );
    await page.getByRole('button', { name: 'Bet 10 coins' }).click();
    assert.equal((await voted).status(), 200);
    await feedCard.getByTestId('voted').getByText('Your bet: 10 coins').waitFor();
    await page.waitForFunction(
      (expected) =>
        Number(document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/\D/g, '')) ===
        expected,
      before - 10,
    );
    await feedCard.scrollIntoViewIfNeeded();
    await shot(page, '34-feed-voted');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the feed');

    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByTestId('voted-list').getByText('Waiting').waitFor();
    await context.close();
  });

  it('draws memes whole: the deck and the feed fit the picture (caption kept) over a blurred copy, no black bars', async () => {
    const { context, page } = await openPlayer();
    await page.getByRole('button', { name: 'Got it' }).click();
    const card = page.getByTestId('swipe-card');
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="swipe-card"] img');
      return image?.complete && image.naturalWidth > 0;
    });
    // Every seeded meme is wider than the card (800×533 or square in ≈338×441): bands above and below.
    const drawn = (selector: string) =>
      page.$eval(selector, (image) => {
        const box = image.parentElement!;
        const fill = getComputedStyle(box, '::before');
        return {
          fit: getComputedStyle(image).objectFit,
          fill: fill.backgroundImage,
          filter: fill.filter,
          src: image.getAttribute('src'),
        };
      });
    const deck = await drawn('[data-testid="swipe-card"] img');
    assert.equal(deck.fit, 'contain', 'the whole meme is on the card');
    assert.match(deck.fill, /\.thumb\.webp"?\)$/, 'the fill is the thumbnail already loaded');
    assert.match(deck.filter, /blur\(/);
    // The band above the picture shows the blurred meme, not black.
    const box = (await card.boundingBox())!;
    const band = await page.screenshot({
      clip: { x: box.x + box.width / 4, y: box.y + 8, width: box.width / 2, height: 24 },
    });
    const { channels } = await sharp(band).stats();
    const mean = (channels[0]!.mean + channels[1]!.mean + channels[2]!.mean) / 3;
    assert.ok(mean > 24, `the band above the meme is not black (mean ${mean.toFixed(1)})`);

    const feed = await drawn('[data-testid="feed-card"] img');
    assert.equal(feed.fit, 'contain', 'a feed thumbnail is not cropped');
    assert.equal(feed.fill, `url("${new URL(feed.src!, stack.baseUrl).href}")`);
    await shot(page, '35-memes-whole');
    await context.close();
  });

  it('the global board of one phone moves when another player earns, without a reload', async () => {
    const watcher = await openPlayer(nextTgId(), 'dark');
    const calls: string[] = [];
    watcher.page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await watcher.page.getByRole('link', { name: 'Rating' }).click();
    await watcher.page.getByRole('tab', { name: 'Global' }).click();
    await watcher.page.getByTestId('board-global').waitFor();
    const ratingCalls = () => calls.filter((path) => path === '/api/v1/users/rate/').length;
    const before = ratingCalls();

    const earner = await openPlayer();
    await earner.page.getByRole('button', { name: 'Got it' }).click();
    for (let n = 0; n < 3; n++) {
      const next = swipeAnswer(earner.page);
      await earner.page.getByRole('button', { name: 'Like' }).click();
      await next;
    }

    const row = watcher.page.getByTestId('board-row').filter({ hasText: `@dev${earner.tgId}` });
    await row.waitFor();
    await row.locator('.board__score', { hasText: /^3$/ }).waitFor();
    assert.equal(ratingCalls(), before, 'the update came over the socket, not a reload');
    // The earner came onto the board with this update: their row shows an arrow up.
    await row.locator('[data-testid="rank-move"][data-move="up"]').waitFor();
    // The players who earned before stand on the podium, the first crowned.
    const podium = watcher.page.getByTestId('podium');
    await podium.locator('.podium__place--1 .podium__crown').waitFor();
    assert.ok((await podium.getByTestId('board-row').count()) >= 2);
    await shot(watcher.page, '35-rating-live-dark');
    assert.deepEqual(await smallTapTargets(watcher.page), [], 'tap targets on /rating');
    await earner.context.close();
    await watcher.context.close();
  });

  it('an influencer’s squad: a player joins it from Choose squad and sees its page', async () => {
    const leader = await openPlayer();
    const made = await stack.admin(['influencer', String(leader.tgId)]);
    assert.equal(made.code, 0, made.output);
    await leader.context.close();

    const { context, page, tgId } = await openPlayer();
    await page.goto('/rating');
    await page.getByRole('tab', { name: 'My squad' }).click();
    await page.getByText('You are not in a squad yet').waitFor();
    await page.getByRole('button', { name: 'Choose squad' }).click();
    const row = page.getByTestId('squad-row').filter({ hasText: `@dev${leader.tgId}` });
    await row.getByRole('button', { name: 'Join' }).click();
    await row.getByRole('button', { name: 'Leave' }).waitFor();
    await shot(page, '36-squad-joined');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on Choose squad');

    await row.getByRole('link').click();
    await page.getByTestId('squad-page').waitFor();
    await page.getByTestId('squad-members').getByText('2', { exact: true }).waitFor();
    // Nobody has earned yet: the members' board lists the influencer and the player, both at 0.
    const members = page.getByTestId('board-squad').getByTestId('board-row');
    for (const member of [leader.tgId, tgId]) {
      await members
        .filter({ hasText: `@dev${member}` })
        .locator('.board__score', { hasText: /^0$/ })
        .waitFor();
    }
    const onSquadPage = await members.allInnerTexts();
    assert.equal(onSquadPage.length, 2);
    await shot(page, '37-squad-page');

    // The rating's My squad tab shows the same board.
    await page.goto('/rating');
    await page.getByRole('tab', { name: 'My squad' }).click();
    await members.nth(1).waitFor();
    assert.deepEqual(await members.allInnerTexts(), onSquadPage);
    await context.close();
  });

  it('an influencer creates a promo code and copies it; another player applies it and the credits rise', async () => {
    const leader = await openPlayer();
    const made = await stack.admin(['influencer', String(leader.tgId)]);
    assert.equal(made.code, 0, made.output);
    await leader.page.reload();
    await leader.page.getByRole('button', { name: 'Menu' }).click();
    await leader.page.getByRole('menuitem', { name: 'Create promo code' }).click();
    await leader.page.getByRole('textbox').fill('For my squad');
    await leader.page.getByRole('button', { name: 'Create', exact: true }).click();
    const code = (await leader.page.getByTestId('promo-code').textContent())!;
    assert.match(code, /^[A-Z2-9]{8}$/);
    await leader.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await leader.page.getByRole('button', { name: 'Copy' }).first().click();
    await leader.page.getByText('Copied').first().waitFor();
    await leader.page.getByTestId('my-promo-codes').getByText(code).waitFor();
    await shot(leader.page, '38-promo-created');
    await leader.context.close();

    const { context, page } = await openPlayer();
    await page.getByText('3 credits left').waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Enter promo code' }).click();
    await page.getByRole('textbox').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('You received 5 generations').waitFor();
    await page.getByText('For my squad').waitFor();
    await shot(page, '39-promo-applied');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('8 credits left').waitFor();
    await context.close();
  });
});
