import assert from 'node:assert/strict';
import { after, before } from 'node:test';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectNoCspViolations, launchBrowser, phoneContext } from '../browser.js';
import { seedMemes } from '../seed.js';
import { startStack, type Stack } from '../stack.js';

/**
 * The game's stack, shared by its scenario files (`e2e/game/*.ts`): a gift on every 10th swipe
 * (chance 1) and no pace rule (a test taps faster than a thumb; the 300 ms rule has its own backend
 * test). Set once `useGame()`'s before ran.
 */
export let stack: Stack;
let browser: Browser;
let tgIds = 910_000_100 + (process.pid % 1000) * 100;

/** A Telegram id no player of this run has. */
export const nextTgId = (): number => tgIds++;

export const DECK = 14;

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
export async function apiPlayer(tgId: number, username: string): Promise<string> {
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

let started = false;

/** Starts the game's stack once per process, whichever scenario file asks first; checks the CSP after every test. */
export function useGame(): void {
  if (started) return;
  started = true;
  before(async () => {
    stack = await startStack({ SWIPE_GIFT_CHANCE: '1', SWIPE_MIN_INTERVAL_MS: '0' });
    browser = await launchBrowser();
    const author = nextTgId();
    await seedMemes(stack, author, await apiPlayer(author, 'meme_author'), DECK);
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  expectNoCspViolations();
}

export async function openPlayer(
  tgId = nextTgId(),
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
export async function coins(page: Page): Promise<number> {
  return Number((await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, ''));
}

export function swipeAnswer(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/v1\/swipes\/[^/]+\/$/.test(response.url()),
  );
}
