/**
 * Long tasks while a gift's reveal plays (issue 27), CPU ×4 in Chromium: the built API as production
 * runs it (scripts/lib/production-stack.mjs: NODE_ENV=production, the fake Bot API, the swipe pace on) with one
 * rule changed, named in the printed verdict: SWIPE_GIFT_CHANCE=1, so the tenth swipe rolls a gift. A
 * new player opened as Telegram opens the mini app (init data signed for the run's bot token) swipes
 * nine memes (a swipe the pace refuses comes back on top and is swiped again, as a player would), then
 * the tenth rolls the gift, the reveal opens, the bench
 * taps Open, and the prize shows with its coins flying to the counter. A PerformanceObserver counts
 * the main thread's long tasks (> 50 ms) from the tenth swipe until the reveal's animations have ended, and
 * CDP's TaskDuration/ScriptDuration the main thread's busy time over the same window. Figures
 * are printed (docs/PERFORMANCE.md "Mini app: reward moments"), not asserted.
 *
 *   BENCH_RUNS=5 npm run bench:reveal -w frontend
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { launchBrowser, PHONE_USER_AGENT } from '../e2e/browser.js';
import { seedMemes } from '../e2e/seed.js';
import { FRONTEND_DIR } from '../e2e/stack.js';
import { startProductionStack, TELEGRAM_CLIENT_BRIDGE } from '../../scripts/lib/production-stack.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;

type Observed = { __longTasks?: number[]; __pieces?: number };

const AUTHOR = 990_000_019;
const FIRST_PLAYER = 990_000_100;

/**
 * Taps Like until a swipe is accepted: a tap inside the pace (SWIPE_MIN_INTERVAL_MS) is refused with
 * 429 and its card comes back on top, and the player taps again. Answers the taps it took.
 */
async function swipeAccepted(page: Page): Promise<number> {
  for (let taps = 1; ; taps++) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/v1/swipes/'),
    );
    await page.getByRole('button', { name: 'Like' }).click();
    const answer = await answered;
    if (answer.ok()) return taps;
    if (answer.status() !== 429) throw new Error(`a swipe answered ${answer.status()}`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const stack = await startProductionStack({
    ruleChanges: { SWIPE_GIFT_CHANCE: '1' },
    why: 'the tenth swipe always rolls the gift whose reveal is measured',
    env: { FRONTEND_DIST: join(FRONTEND_DIR, 'dist') },
  });
  const browser = await launchBrowser();
  const runs: Array<{
    prize: string;
    pieces: number;
    count: number;
    total: number;
    longest: number;
    taskMs: number;
    scriptMs: number;
    /** Taps the pace refused (429, the card back on top) before a swipe was accepted. */
    refusedByPace: number;
  }> = [];
  const loadBefore = loadavg();
  try {
    await seedMemes(stack, AUTHOR, (await stack.login(AUTHOR)).jwtToken, 12);
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        baseURL: stack.baseUrl,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_USER_AGENT,
      });
      await context.addInitScript(TELEGRAM_CLIENT_BRIDGE);
      const page = await context.newPage();
      await page.goto(stack.launchPath('/', FIRST_PLAYER + run));
      await page.getByRole('button', { name: 'Skip' }).click();
      await page.getByRole('button', { name: 'Got it' }).click();
      let refused = 0;
      for (let n = 1; n < 10; n++) refused += (await swipeAccepted(page)) - 1;
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // The renderer's main-thread busy time (CDP TaskDuration, ScriptDuration) over the same window:
      // time the throttled renderer spent working, which the host's load does not lengthen as it does
      // wall-clock durations.
      await cdp.send('Performance.enable');
      const busy = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        return { task: metric('TaskDuration'), script: metric('ScriptDuration') };
      };
      const busyBefore = await busy();
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as Observed).__longTasks = seen;
        (window as Observed).__pieces = 0;
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.addedNodes)
              if (node instanceof HTMLElement && node.classList.contains('fly-piece'))
                (window as Observed).__pieces! += 1;
        }).observe(document.body, { childList: true });
        new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.push(e.duration))).observe({
          type: 'longtask',
        });
      });
      refused += (await swipeAccepted(page)) - 1;
      await page
        .getByRole('dialog', { name: 'You got a gift!' })
        .getByRole('button', { name: 'Open' })
        .click();
      await page.getByTestId('gift-prize').waitFor();
      // Until every finite animation has ended: the pop, the lid, the coins' flight, the counter's bump
      // (the glow behind the prize turns for ever).
      await page.waitForFunction(
        () =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        undefined,
        { polling: 100 },
      );
      const busyAfter = await busy();
      const tasks = await page.evaluate(() => (window as Observed).__longTasks ?? []);
      const prize = await page.getByTestId('gift-prize').textContent();
      runs.push({
        prize: prize ?? '',
        pieces: await page.evaluate(() => (window as Observed).__pieces ?? 0),
        count: tasks.length,
        total: Math.round(tasks.reduce((sum, t) => sum + t, 0)),
        longest: Math.round(Math.max(0, ...tasks)),
        taskMs: Math.round((busyAfter.task - busyBefore.task) * 1000),
        scriptMs: Math.round((busyAfter.script - busyBefore.script) * 1000),
        refusedByPace: refused,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  const loadAfter = loadavg();
  console.log(
    `\nGift reveal (10th swipe → Open → prize, animations ended), CPU ×${CPU_SLOWDOWN}, ${RUNS} runs`,
  );
  console.table(runs);
  console.log(
    `medians: ${median(runs.map((r) => r.count))} long tasks, ${median(runs.map((r) => r.total))} ms in them, ` +
      `longest ${median(runs.map((r) => r.longest))} ms; main thread busy ${median(runs.map((r) => r.taskMs))} ms ` +
      `(script ${median(runs.map((r) => r.scriptMs))} ms)`,
  );
  console.log(`API: built, NODE_ENV=production, the fake Bot API. ${stack.rules}`);
  console.log(
    `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
  );
}

await main();
