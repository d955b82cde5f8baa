/**
 * The mini app's first screen on a weak phone network (issues 14 and 22): the built API as production
 * runs it, serving the production build (scripts/lib/production-stack.mjs: NODE_ENV=production, the fake Bot API
 * for Telegram, no development login, no rule changed), Chromium at 390×844 throttled through the DevTools protocol to 150 ms RTT, 1.6 Mbit/s
 * down, 750 kbit/s up and a 4× slower CPU. Each run opens /main in a fresh browser context (empty
 * cache) as a returning player (session cookies, a deck of seeded memes) launched as Telegram launches a
 * mini app (init data signed for the run's bot token in the URL's fragment, the client's bridge) and prints: first contentful
 * paint, when the main screen's first card or button is visible, when the deck's first card has its
 * image decoded, when the app is usable (taps on Create, from the moment it shows, until the create
 * flow opens), and the compressed JavaScript fetched before the first screen. A second load in the
 * same context shows the cache at work. Run: `npm run bench -w frontend` (BENCH_RUNS, default 5);
 * `BENCH_AB=<another build's dist>[,…]` runs those builds on stacks of their own, interleaved with this
 * one (A B, B A, …), so all see the same load on a shared machine.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';

import { launchBrowser, PHONE_USER_AGENT } from '../e2e/browser.js';
import { seedMemes } from '../e2e/seed.js';
import { FRONTEND_DIR, OUTPUT_DIR } from '../e2e/stack.js';
import {
  type ProductionStack,
  startProductionStack,
  TELEGRAM_CLIENT_BRIDGE,
} from '../../scripts/lib/production-stack.mjs';
import {
  navigationStart,
  summariseProfile,
  summariseTrace,
  type CpuProfile,
  type TraceEvent,
} from './profile.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** BENCH_WATERFALL=1 prints each first load's requests (start → end, ms; compressed KB). */
const WATERFALL = process.env.BENCH_WATERFALL === '1';
/**
 * BENCH_PROFILE=1 records each first load's main thread (a trace and a V8 sampling profile, written
 * to e2e/output as first-load-<run>.json / .cpuprofile for DevTools) and prints where it went
 * (bench/profile.ts). The recording itself slows the page: its figures are not the bench's.
 */
const PROFILE = process.env.BENCH_PROFILE === '1';
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  '__metadata',
];

/** BENCH_AB: other builds' dists (comma-separated), each on a stack of its own, interleaved with this build. */
const AB = (process.env.BENCH_AB ?? '').split(',').filter(Boolean);

interface Load {
  fcp: number;
  firstButton: number;
  /** The deck's first card on screen with its image decoded. */
  firstCard: number;
  /** The create flow open after tapping Create (from when the Create action is visible). */
  usable: number;
  jsBeforeButtonKb: number;
  jsFiles: number;
  /** The host's 1-minute load average when the load began. */
  hostLoad: number;
  waterfall: string[];
}

/** One build under test: its stack (API serving that build) and its returning player. */
interface Side {
  label: string;
  stack: ProductionStack;
  player: number;
  tokens: Record<string, string>;
  cold: Load[];
  warm: Load[];
}

/**
 * Watches from the first frame for the main screen's first real card or button (not the shell's or a
 * skeleton's grey blocks), noting when it is visible. Kept loose so a new /main layout still counts.
 */
const WATCH_FIRST_BUTTON = `
  (function watch() {
    const button = document.querySelector(
      '.layout:not([aria-busy]) .layout__content :is(button, [role="button"], .hero-card, .card, article):not(.skeleton)'
    );
    if (button && button.getBoundingClientRect().height > 0) window.__firstButton = performance.now();
    else requestAnimationFrame(watch);
  })();
  (function card() {
    const image = document.querySelector('[data-testid="swipe-card"] img');
    if (!image) return requestAnimationFrame(card);
    image.decode().then(
      () => (window.__firstCard ??= performance.now()),
      () => requestAnimationFrame(card),
    );
  })();
  (function createFlow() {
    if (document.querySelector('.sheet[role="dialog"]')) window.__createOpen = performance.now();
    else requestAnimationFrame(createFlow);
  })();
`;

/** The Create action, the app shell's included (a player taps what they see). */
const CREATE = '.create-fab';

/** The returning player's Telegram id and the author of the deck's memes. */
const PLAYER = 990_000_008;
const AUTHOR = 990_000_009;

/** A returning player of `stack`: signed in as Telegram's client signs in, onboarding done; a deck to swipe. */
async function returningPlayer(stack: ProductionStack): Promise<Record<string, string>> {
  await seedMemes(stack, AUTHOR, (await stack.login(AUTHOR)).jwtToken, 12);
  const tokens = await stack.login(PLAYER);
  await fetch(`${stack.baseUrl}/api/v1/users/unboarding-finish/`, {
    headers: { Authorization: `Bearer ${tokens.jwtToken}` },
  });
  return tokens;
}

async function main() {
  const sides: Side[] = [];
  const browser = await launchBrowser();
  try {
    const dist = process.env.FRONTEND_DIST ?? join(FRONTEND_DIR, 'dist');
    for (const label of [dist, ...AB]) {
      const stack = await startProductionStack({ env: { FRONTEND_DIST: label } });
      sides.push({ label, stack, player: PLAYER, tokens: await returningPlayer(stack), cold: [], warm: [] });
    }

    const loadBefore = loadavg();
    for (let run = 0; run < RUNS; run++)
      // A B C, then C B A: no build always goes first.
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) await benchRun(browser, side, run);

    report(sides, loadBefore);
  } finally {
    await browser.close();
    for (const side of sides) await side.stack.stop();
  }
}

/** A phone's browser context on `side`'s stack: the player's cookies, the watchers, the throttling. */
async function phone(browser: Browser, side: Side) {
  const context = await browser.newContext({
    baseURL: side.stack.baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    // Each build's inline script has its own CSP hash and one API sends one policy: the A/B's builds
    // run without it alike (the e2e checks the policy).
    bypassCSP: true,
  });
  const { hostname } = new URL(side.stack.baseUrl);
  await context.addCookies(
    ['mm_auth_token', 'mm_refresh_token'].map((name) => ({
      name,
      value: side.tokens[name === 'mm_auth_token' ? 'jwtToken' : 'refreshToken']!,
      domain: hostname,
      path: '/',
      sameSite: 'Strict' as const,
    })),
  );
  await context.addInitScript(TELEGRAM_CLIENT_BRIDGE);
  await context.addInitScript(WATCH_FIRST_BUTTON);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

type Page = Awaited<ReturnType<typeof phone>>['page'];
type Marks = { __firstButton?: number; __firstCard?: number; __createOpen?: number };

/** Opens /main; with `tap`, taps Create from when it shows, again until the create flow is open. */
async function load(side: Side, page: Page, tap: boolean): Promise<Load> {
  // Another launch's URL differs only in its fragment: from there it would not load the page again.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const hostLoad = loadavg()[0]!;
  await page.goto(side.stack.launchPath('/main', side.player), { waitUntil: 'commit' });
  if (tap) {
    const create = page.locator(CREATE).first();
    await create.waitFor({ timeout: 60_000 });
    while (!(await page.evaluate(() => (window as Marks).__createOpen !== undefined))) {
      // The shell's Create does nothing until React has the screen; a player taps again.
      await create.tap({ timeout: 60_000 }).catch(() => undefined);
      await page
        .waitForFunction(() => (window as Marks).__createOpen !== undefined, null, { timeout: 250 })
        .catch(() => undefined);
    }
  }
  await page
    .waitForFunction(
      () => (window as Marks).__firstButton !== undefined && (window as Marks).__firstCard !== undefined,
      null,
      { timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(OUTPUT_DIR, 'bench-timeout.png') });
      const marks = await page.evaluate(() =>
        JSON.stringify(window as Marks, ['__firstButton', '__firstCard']),
      );
      throw new Error(`the first screen did not come (${marks}; e2e/output/bench-timeout.png)`, {
        cause: error,
      });
    });
  const measured = await page.evaluate(() => {
    const { __firstButton: firstButton, __firstCard: firstCard, __createOpen: usable } = window as Marks;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter(
      (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= firstButton!,
    );
    const bytes = scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
    const waterfall = resources
      .filter((entry) => entry.startTime <= Math.max(firstButton!, firstCard!))
      .map(
        (entry) =>
          `${entry.startTime.toFixed(0).padStart(5)} → ${entry.responseEnd.toFixed(0).padStart(5)}  ` +
          `${(entry.encodedBodySize / 1024).toFixed(1).padStart(6)} KB  ${new URL(entry.name).pathname}`,
      );
    // The document itself: when its bytes came and when the parser was done with it.
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav)
      waterfall.unshift(
        `${nav.startTime.toFixed(0).padStart(5)} → ${nav.responseEnd.toFixed(0).padStart(5)}  ` +
          `${(nav.encodedBodySize / 1024).toFixed(1).padStart(6)} KB  (document; request ${nav.requestStart.toFixed(0)}, ` +
          `first byte ${nav.responseStart.toFixed(0)}, interactive ${nav.domInteractive.toFixed(0)}, ` +
          `DOMContentLoaded ${nav.domContentLoadedEventEnd.toFixed(0)})`,
      );
    return {
      fcp,
      firstButton: firstButton!,
      firstCard: firstCard!,
      usable: usable ?? NaN,
      jsBeforeButtonKb: bytes / 1024,
      jsFiles: scripts.length,
      waterfall,
    };
  });
  return { ...measured, hostLoad };
}

/**
 * One run on one side: a first load in a fresh context (figures without a tap), a second load with
 * its cache, then another fresh context's first load tapping Create (the tap's own requests would
 * otherwise share the network with the deck's).
 */
async function benchRun(browser: Browser, side: Side, run: number): Promise<void> {
  const { context, page, cdp } = await phone(browser, side);
  if (PROFILE) {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const cold = await load(side, page, false);
  if (PROFILE) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const name = join(OUTPUT_DIR, `first-load-${run + 1}`);
    writeFileSync(`${name}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(`${name}.json`, JSON.stringify(trace));
    const navigation = navigationStart(trace.traceEvents);
    console.log(`\nRun ${run + 1}, first load profiled (${name}.{json,cpuprofile})`);
    console.log(summariseTrace(trace.traceEvents, cold.firstButton));
    console.log(
      summariseProfile(profile, (navigation?.ts ?? profile.startTime) + cold.firstButton * 1000, side.label),
    );
  }
  if (WATERFALL) {
    console.log(
      `\n${side.label}, run ${run + 1}, first load: FCP ${cold.fcp.toFixed(0)} ms, button ` +
        `${cold.firstButton.toFixed(0)} ms, card ${cold.firstCard.toFixed(0)} ms`,
    );
    console.log(cold.waterfall.join('\n'));
  }
  side.warm.push(await load(side, page, false));
  await context.close();

  const tapping = await phone(browser, side);
  cold.usable = (await load(side, tapping.page, true)).usable;
  await tapping.context.close();
  side.cold.push(cold);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

function report(sides: Side[], loadBefore: number[]): void {
  const average = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `\nFirst screen of /main, ${RUNS} runs per build, medians (150 ms RTT, 1.6 Mbit/s, CPU ×${CPU_SLOWDOWN}, 390×844)`,
  );
  console.log(`load average (1/5/15 min): ${average(loadBefore)} before, ${average(loadavg())} after`);
  console.log(
    `${'build, load'.padEnd(44)} ${'FCP'.padStart(9)} ${'button'.padStart(9)} ${'card'.padStart(9)} ` +
      `${'usable'.padStart(9)} ${'JS before'.padStart(10)}`,
  );
  for (const side of sides) {
    for (const [kind, loads] of [
      ['first', side.cold],
      ['second', side.warm],
    ] as const)
      console.log(
        `${`${side.label.slice(-28)}, ${kind}`.padEnd(44)} ${ms(median(loads.map((l) => l.fcp)))} ` +
          `${ms(median(loads.map((l) => l.firstButton)))} ${ms(median(loads.map((l) => l.firstCard)))} ` +
          `${kind === 'first' ? ms(median(loads.map((l) => l.usable))) : ''.padStart(9)} ` +
          `${median(loads.map((l) => l.jsBeforeButtonKb))
            .toFixed(1)
            .padStart(7)} KB (${median(loads.map((l) => l.jsFiles))} files)`,
      );
  }
  console.log(
    `API: built, NODE_ENV=production, the fake Bot API, players launched with init data signed for the bot token. ${sides[0]?.stack.rules ?? ''}`,
  );
  console.log('\nEvery run (first load): load average / FCP / button / card / usable / JS KB');
  for (const side of sides)
    for (const l of side.cold)
      console.log(
        `  ${side.label.slice(-28)}: ${l.hostLoad.toFixed(2)} / ${l.fcp.toFixed(0)} / ${l.firstButton.toFixed(0)} / ` +
          `${l.firstCard.toFixed(0)} / ${l.usable.toFixed(0)} ms / ${l.jsBeforeButtonKb.toFixed(1)} KB`,
      );
}

await main();
