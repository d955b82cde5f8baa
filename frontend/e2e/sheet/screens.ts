import { setTimeout as sleep } from 'node:timers/promises';

import pg from 'pg';
import type { Browser, Page, Response } from 'playwright-core';

import { PHONE_USER_AGENT } from '../browser.js';
import { seedMemes } from '../seed.js';
import { ADMIN_TG_ID, type Stack } from '../stack.js';

/** Every screen of the sheet, in its order: each route of src/app/router.tsx and the gift reveal. */
export const SCREENS = [
  'not-supported',
  'onboarding',
  'main',
  'gift-reveal',
  'rating',
  'squads',
  'squad',
  'invite',
  'quests',
  'airdrop',
  'profile',
  'stickers',
  'privacy',
  'shared-meme',
  'account-deleted',
  'not-found',
  'admin',
] as const;
export type Screen = (typeof SCREENS)[number];
export const THEMES = ['light', 'dark'] as const;

/**
 * Each route of src/app/router.tsx, as its `path` is written there, and the screen of the sheet that
 * shows it (null: a redirect). The screenshot test fails when a route is added without a screen.
 */
export const ROUTE_SCREENS: Record<string, Screen | null> = {
  SHARED_MEME_PATH: 'shared-meme',
  ACCOUNT_DELETED_PATH: 'account-deleted',
  ONBOARDING_PATH: 'onboarding',
  NOT_SUPPORTED_PATH: 'not-supported',
  '/main': 'main',
  '/invite': 'invite',
  '/rating': 'rating',
  '/squads/:id': 'squad',
  '/quests': 'quests',
  '/airdrop': 'airdrop',
  '/profile': 'profile',
  '/stickers': 'stickers',
  PRIVACY_PATH: 'privacy',
  '/admin/*': 'admin',
  '*': null,
};

/**
 * The sheet's stack: gifts on every 10th swipe at once; nothing that moves with the server's clock on
 * screen (no swipe refills during the walk, no squad-switch cooldown time), a deck ranked without
 * randomness.
 */
export const SHEET_STACK_ENV = {
  SWIPE_GIFT_CHANCE: '1',
  SWIPE_MIN_INTERVAL_MS: '0',
  SWIPE_DECK_JITTER: '0',
  SWIPE_REFILL_SECONDS: '86400',
  SQUAD_SWITCH_COOLDOWN_HOURS: '0',
};
export type Theme = (typeof THEMES)[number];

/** The clock every phone of the sheet reads (Date only; animations are off). */
export const FROZEN_AT = new Date('2026-11-27T12:00:00Z');
/** When the sheet's player joined, as the profile shows it. */
const JOINED_AT = new Date('2026-11-20T09:00:00Z');
/** Seeded players: fixed ids and names, so the boards and avatars come out the same each run. */
const AUTHOR = { tgId: 810_000_001, username: 'mint_author' };
const RIVALS = [
  { tgId: 810_000_011, username: 'meme_queen', swipes: 9 },
  { tgId: 810_000_012, username: 'swipe_lord', swipes: 6 },
  { tgId: 810_000_013, username: 'lol_cat', swipes: 4 },
  { tgId: 810_000_014, username: 'doge_fan', swipes: 2 },
];
const PLAYER_TG_ID: Record<Theme, number> = { light: 810_000_101, dark: 810_000_102 };
const DESKTOP_TG_ID: Record<Theme, number> = { light: 810_000_201, dark: 810_000_202 };

async function call<T>(stack: Stack, path: string, body?: unknown, token?: string): Promise<T> {
  const answer = await fetch(`${stack.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function signIn(stack: Stack, tgId: number, username: string): Promise<string> {
  const { initData } = await call<{ initData: string }>(stack, '/v1/auth/dev/init-data/', {
    tgId,
    username,
    firstName: username,
  });
  return (await call<{ jwtToken: string }>(stack, '/v1/auth/login/', { initData })).jwtToken;
}

/**
 * The sheet's world: an author's published memes, rivals who earned by swiping (the boards), the
 * first of them an influencer (a squad). Returns a published meme's share id.
 */
export async function seedWorld(stack: Stack): Promise<string> {
  await seedMemes(stack, AUTHOR.tgId, await signIn(stack, AUTHOR.tgId, AUTHOR.username), 12, 'sheet');
  let shareId = '';
  for (const rival of RIVALS) {
    const token = await signIn(stack, rival.tgId, rival.username);
    const deck = await call<{ items: Array<{ id: string; shareId: string }> }>(
      stack,
      '/v1/swipes/?limit=20',
      undefined,
      token,
    );
    shareId ||= deck.items[0]!.shareId;
    for (const meme of deck.items.slice(0, rival.swipes))
      await call(stack, `/v1/swipes/${meme.id}/`, { like: true }, token);
    // The next rival's deck is ranked by likes: with this rival's counted, every run alike.
    await likesCounted(stack);
  }
  const made = await stack.admin(['influencer', String(RIVALS[0]!.tgId)]);
  if (made.code !== 0) throw new Error(made.output);
  return shareId;
}

async function withDatabase<T>(stack: Stack, use: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

/** Waits for the likes given so far to be added to the memes' counts (they are applied in batches). */
export function likesCounted(stack: Stack): Promise<void> {
  return withDatabase(stack, async (db) => {
    while (Number((await db.query('SELECT count(*) AS n FROM pending_likes')).rows[0].n) > 0)
      await sleep(100);
  });
}

/**
 * The player joined a week before the frozen clock: the server stamps the real day, which put the
 * profile's "Joined" date (and days in game) on the day the sheet was made.
 */
async function joinedBeforeTheClock(stack: Stack, tgId: number): Promise<void> {
  await withDatabase(stack, (db) =>
    db.query('UPDATE users SET created_at = $1 WHERE tg_id = $2', [JOINED_AT, tgId]),
  );
}

/**
 * Waits for the loads on screen to end: no spinner or skeleton, every image in view loaded and decoded,
 * the fonts ready, then two frames drawn.
 */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.spinner, .skeleton'));
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((image) => image.complete),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Decoded: the loaded ones only (a lazy image below the fold never loads, its decode never ends).
    await Promise.all(
      [...document.images]
        .filter((image) => image.complete && image.naturalWidth > 0)
        .map((image) => image.decode().catch(() => undefined)),
    );
    // A meme's blurred fill is a CSS background (`--meme-fill`), which no image element waits for.
    const fills = [...document.querySelectorAll<HTMLElement>('.meme-picture')]
      .map((box) => /url\("(.+)"\)/.exec(getComputedStyle(box).getPropertyValue('--meme-fill'))?.[1])
      .filter((url): url is string => Boolean(url));
    await Promise.all(
      fills.map((url) => {
        const image = new Image();
        image.src = url;
        return image.decode().catch(() => undefined);
      }),
    );
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  });
}

/** Resolves once the page got `count` answers to swipes (`POST /api/v1/swipes/{memeId}/`), bodies read. */
function swipeAnswers(page: Page, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onResponse = (response: Response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !/\/api\/v1\/swipes\/[0-9a-f-]{36}\/$/.test(request.url())) return;
      if (++seen < count) return;
      page.off('response', onResponse);
      resolve(response.finished().then(() => undefined));
    };
    page.on('response', onResponse);
  });
}

/** Two frames drawn: what the page did with what it got so far is on screen. */
function framesDrawn(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn()))),
  );
}

/**
 * Walks one phone (390×844, motion reduced, the clock frozen) through every screen in a theme and
 * calls `shoot` on each. The player is new: onboarding first, then a deck of seeded memes.
 */
export async function walkScreens(
  browser: Browser,
  stack: Stack,
  theme: Theme,
  shareId: string,
  shoot: (page: Page, screen: Screen) => Promise<void>,
): Promise<void> {
  // A desktop browser (Chromium's own user agent) at the phone's size: the notice to open it on a phone.
  const desktop = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 390, height: 844 },
    colorScheme: theme,
    reducedMotion: 'reduce',
    locale: 'en-US',
  });
  await desktop.clock.setFixedTime(FROZEN_AT);
  const visitor = await desktop.newPage();
  await visitor.goto(`/?tgId=${DESKTOP_TG_ID[theme]}&theme=${theme}&lang=en`);
  await visitor.getByTestId('not-supported').waitFor();
  await imagesLoaded(visitor);
  await shoot(visitor, 'not-supported');
  await desktop.close();

  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    colorScheme: theme,
    reducedMotion: 'reduce',
    locale: 'en-US',
    // Development logins take the platform from the browser: a phone's, as players have.
    userAgent: PHONE_USER_AGENT,
  });
  await context.clock.setFixedTime(FROZEN_AT);
  const page = await context.newPage();
  const at = async (screen: Screen, path: string | null, ready: () => Promise<unknown>) => {
    if (path) await page.goto(path);
    await ready();
    await imagesLoaded(page);
    await shoot(page, screen);
  };
  await at('onboarding', `/?tgId=${PLAYER_TG_ID[theme]}&theme=${theme}&lang=en`, () =>
    page.getByRole('button', { name: 'Skip' }).waitFor(),
  );
  await page.getByRole('button', { name: 'Skip' }).click();
  await at('main', null, async () => {
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByTestId('swipe-card').locator('img').waitFor();
    // The cards under the top one come once its picture is in: three of the seeded dozen.
    await page.waitForFunction(
      () => document.querySelectorAll('.swipe-deck__stack .swipe-card').length === 3,
    );
  });
  await at('gift-reveal', null, async () => {
    // One swipe at a time, each answered and its answer drawn before the next: an answer that lands
    // while the next swipe's optimistic -1 shows puts a swipe back for a moment, which the "swipes
    // added" tip took for a rise in some runs and not others.
    for (let n = 0; n < 10; n++) {
      const answered = swipeAnswers(page, 1);
      await page.getByRole('button', { name: 'Like' }).click();
      await answered;
      await framesDrawn(page);
    }
    await page.getByRole('dialog', { name: 'You got a gift!' }).waitFor();
  });
  await page.getByRole('button', { name: 'Later' }).click();
  await at('rating', '/rating', async () => {
    await page.getByRole('tab', { name: 'Global' }).click();
    await page.getByTestId('podium').waitFor();
  });
  await at('squads', null, async () => {
    await page.getByRole('tab', { name: 'Choose squad' }).click();
    await page.getByTestId('squad-row').first().waitFor();
  });
  await at('squad', null, async () => {
    // The player joins the influencer's squad and opens its page (its members' board).
    const squad = page.getByTestId('squad-row').first();
    await squad.getByRole('button', { name: 'Join' }).click();
    await squad.getByRole('button', { name: 'Leave' }).waitFor();
    await squad.getByRole('link').click();
    await page.getByTestId('squad-page').waitFor();
    await page.getByTestId('board-row').first().waitFor();
  });
  await at('invite', '/invite', () => page.getByTestId('invite-reward').waitFor());
  await at('quests', '/quests', () => page.getByTestId('quest-channel').waitFor());
  // The share is of all coins earned: the player's likes counted and the cached total taken anew.
  await likesCounted(stack);
  await stack.forgetCached('airdrop:total-earned-coins');
  await at('airdrop', '/airdrop', () => page.getByTestId('airdrop-summary').waitFor());
  await joinedBeforeTheClock(stack, PLAYER_TG_ID[theme]);
  await at('profile', '/profile', () => page.getByText('Joined 11/20/2026').waitFor());
  await at('stickers', '/stickers', () => page.getByRole('heading', { name: 'Sticker packs' }).waitFor());
  await at('privacy', '/privacy', () => page.getByTestId('privacy-page').waitFor());
  await at('shared-meme', `/i/${shareId}`, () => page.locator('img').first().waitFor());
  // Public: the goodbye after an account is deleted (shown to anyone who opens its address).
  await at('account-deleted', '/account-deleted', () => page.getByTestId('account-deleted').waitFor());
  // The console is the admins': a player finds no page there.
  await at('not-found', '/admin', () => page.getByTestId('not-found').waitFor());
  await context.close();

  const admin = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width: 390, height: 844 },
    colorScheme: theme,
    reducedMotion: 'reduce',
    userAgent: PHONE_USER_AGENT,
  });
  await admin.clock.setFixedTime(FROZEN_AT);
  const operator = await admin.newPage();
  await operator.goto(`/?tgId=${ADMIN_TG_ID}&theme=${theme}&lang=en`);
  await operator.getByRole('button', { name: 'Skip' }).click();
  // Signed in and past onboarding before the console is opened.
  await operator.getByTestId('create-fab').waitFor();
  await operator.goto('/admin');
  await operator.getByTestId('console').waitFor();
  await imagesLoaded(operator);
  await shoot(operator, 'admin');
  await admin.close();
}
