import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, headless, sandbox off (containers), nothing fetched in the background. */
export function launchBrowser(): Promise<Browser> {
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
    ],
  });
}

/**
 * What Chromium refused under the API's Content-Security-Policy, on every page of every phone
 * context (the app is served with the policy of production; the last test expects none).
 */
export const cspViolations: string[] = [];

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
    colorScheme,
    locale: 'en-US',
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  return context;
}
