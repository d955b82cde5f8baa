import type { Browser, Page } from 'playwright-core';

import { PHONE_USER_AGENT } from '../browser.js';
import { seedMemes } from '../seed.js';
import { ADMIN_TG_ID, type Stack } from '../stack.js';

/** Every screen of the sheet, in its order: each route of src/app/router.tsx and the gift reveal. */
export const SCREENS = [
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
  'shared-meme',
  'not-found',
  'admin',
] as const;
export type Screen = (typeof SCREENS)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The clock every phone of the sheet reads (Date only; animations are off). */
export const FROZEN_AT = new Date('2026-11-27T12:00:00Z');
/** Seeded players: fixed ids and names, so the boards and avatars come out the same each run. */
const AUTHOR = { tgId: 810_000_001, username: 'mint_author' };
const RIVALS = [
  { tgId: 810_000_011, username: 'meme_queen', swipes: 9 },
  { tgId: 810_000_012, username: 'swipe_lord', swipes: 6 },
  { tgId: 810_000_013, username: 'lol_cat', swipes: 4 },
  { tgId: 810_000_014, username: 'doge_fan', swipes: 2 },
];
const PLAYER_TG_ID: Record<Theme, number> = { light: 810_000_101, dark: 810_000_102 };

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
  await seedMemes(stack, AUTHOR.tgId, await signIn(stack, AUTHOR.tgId, AUTHOR.username), 12);
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
  }
  const made = await stack.admin(['influencer', String(RIVALS[0]!.tgId)]);
  if (made.code !== 0) throw new Error(made.output);
  return shareId;
}

/** Waits for the loads on screen to end: no spinner or skeleton, every image in view loaded. */
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
  });
  await at('gift-reveal', null, async () => {
    for (let n = 0; n < 10; n++) await page.getByRole('button', { name: 'Like' }).click();
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
  await at('airdrop', '/airdrop', () => page.getByTestId('airdrop-summary').waitFor());
  await at('profile', '/profile', () => page.getByText('Credits left').waitFor());
  await at('stickers', '/stickers', () => page.getByRole('heading', { name: 'Sticker packs' }).waitFor());
  await at('shared-meme', `/i/${shareId}`, () => page.locator('img').first().waitFor());
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
  await operator.goto('/admin');
  await operator.getByTestId('console').waitFor();
  await imagesLoaded(operator);
  await shoot(operator, 'admin');
  await admin.close();
}
