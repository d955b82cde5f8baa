import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';

import {
  expectNoCspViolations,
  launchBrowser,
  phoneContext,
  shot,
  smallTapTargets,
  tappableUnder,
} from './browser.js';
import { agreeToFaceNote } from './app/helpers.js';
import { seedMemes } from './seed.js';
import { startStack, type Stack } from './stack.js';

/**
 * The game (issues 9 and 10) in a phone browser against the real stack: swiping, betting in the feed,
 * the live leaderboard, squads and promo codes. Its own stack: a gift on every 10th swipe (chance 1)
 * and no pace rule (a test taps faster than a thumb; the 300 ms rule has its own backend test).
 */
let stack: Stack;
let browser: Browser;
let nextTgId = 910_000_100 + (process.pid % 1000) * 100;

const DECK = 14;

async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await fetch(`${stack.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await answer.text();
  assert.ok(answer.ok, `${init.method ?? 'GET'} ${path} answered ${answer.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A player signed in through the development login, as the mini app does it. */
async function apiPlayer(tgId: number, username: string): Promise<string> {
  const { initData } = await api<{ initData: string }>('/v1/auth/dev/init-data/', {
    method: 'POST',
    body: { tgId, username, firstName: username },
  });
  const { jwtToken } = await api<{ jwtToken: string }>('/v1/auth/login/', {
    method: 'POST',
    body: { initData },
  });
  return jwtToken;
}

before(async () => {
  stack = await startStack({ SWIPE_GIFT_CHANCE: '1', SWIPE_MIN_INTERVAL_MS: '0' });
  browser = await launchBrowser();
  const author = nextTgId++;
  await seedMemes(stack, author, await apiPlayer(author, 'meme_author'), DECK);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

expectNoCspViolations();

async function openPlayer(
  tgId = nextTgId++,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page; tgId: number }> {
  const context = await phoneContext(browser, stack.baseUrl, colorScheme);
  const page = await context.newPage();
  await page.goto(`/?tgId=${tgId}${colorScheme === 'dark' ? '&theme=dark' : ''}`);
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL('**/main');
  return { context, page, tgId };
}

/** The coin balance of the top menu as digits (its icon draws an "M"). */
async function coins(page: Page): Promise<number> {
  return Number((await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, ''));
}

function swipeAnswer(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/v1\/swipes\/[^/]+\/$/.test(response.url()),
  );
}

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
    const author = nextTgId++;
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
    const watcher = await openPlayer(nextTgId++, 'dark');
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
