import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach } from 'node:test';

import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

import { OUTPUT_DIR } from './stack.js';

/**
 * Debian's Chromium, headless, sandbox off (containers), nothing fetched in the background; `extraArgs`
 * are more switches (the screenshot sheet's).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/**
 * What Chromium refused under the API's Content-Security-Policy, on every page of every phone
 * context since the last check (the app is served with the policy of production).
 */
const cspViolations: string[] = [];

/**
 * After every test of the file: no screen it opened ran into the Content Security Policy the API
 * sends (TON Connect and Telegram's bridge included), so a violation names the test that caused it.
 */
export function expectNoCspViolations(): void {
  afterEach(() => {
    assert.deepEqual(cspViolations.splice(0), [], 'Content Security Policy violations');
  });
}

/**
 * An iPhone's Safari user agent: the development launch takes the platform from it (issue 22,
 * defect 13), as Telegram's iOS client would report `ios`.
 */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** A phone in portrait (iPhone 12/13/14 size), touch, in the given colour scheme. */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    colorScheme,
    locale: 'en-US',
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  return context;
}

/** Screenshots of each screen land in e2e/output (git-ignored) for a human to look at. */
export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), animations: 'disabled' });
}

/**
 * What a finger taps on this screen that is smaller than 44 × 44 px (the phone minimum of Apple's and
 * Google's guidelines). TON Connect's own button is left out: its widget styles it.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page
    .locator('button:visible, a:visible, select:visible, [role="tab"]:visible')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !element.closest('.ton-connect'))
        // The layout size: a control caught mid-animation (a spring's scale) is not a small target.
        .map((element) => ({
          element,
          box:
            element instanceof HTMLElement
              ? { width: element.offsetWidth, height: element.offsetHeight }
              : element.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ element, box }) =>
            `${element.tagName} "${element.textContent?.trim() || element.getAttribute('aria-label')}" ` +
            `${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    );
}

/**
 * What a player could tap that lies under a fixed control when the screen opens: every 4 px of its box
 * above the bottom nav's top (below that, the nav itself covers the page as it scrolls). The control's
 * own link or button, and what is inside it, is left out.
 */
export function tappableUnder(control: Locator): Promise<string[]> {
  return control.evaluate((element) => {
    const TAPPABLE = 'a, button, input, select, textarea, [role="button"], [tabindex]';
    const own = element.closest(TAPPABLE) ?? element;
    const box = element.getBoundingClientRect();
    const navTop = document.querySelector('.bottom-nav')?.getBoundingClientRect().top ?? Infinity;
    const covered = new Set<string>();
    for (let x = box.left; x <= box.right; x += 4)
      for (let y = box.top; y <= Math.min(box.bottom, navTop - 1); y += 4)
        for (const under of document.elementsFromPoint(x, y)) {
          const tappable = under.closest(TAPPABLE);
          if (tappable && !own.contains(tappable))
            covered.add(tappable.textContent?.trim() || tappable.tagName);
        }
    return [...covered];
  });
}
