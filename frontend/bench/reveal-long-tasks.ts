/**
 * Long tasks while a gift's reveal plays (issue 27), CPU ×4 in Chromium: a returning player swipes
 * nine memes, then the tenth rolls a gift (the stack's gift chance is 1), the reveal opens, the bench
 * taps Open, and the prize shows with its coins flying to the counter. A PerformanceObserver counts
 * the main thread's long tasks (> 50 ms) from the tenth swipe until the reveal's animations have ended, and
 * CDP's TaskDuration/ScriptDuration the main thread's busy time over the same window. Figures
 * are printed (docs/PERFORMANCE.md "Mini app: reward moments"), not asserted.
 *
 *   BENCH_RUNS=5 npm run bench:reveal -w frontend
 */
import { loadavg } from 'node:os';

import { launchBrowser, PHONE_USER_AGENT } from '../e2e/browser.js';
import { seedMemes } from '../e2e/seed.js';
import { ADMIN_TG_ID, startStack, type Stack } from '../e2e/stack.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;

type Observed = { __longTasks?: number[]; __pieces?: number };

async function signIn(stack: Stack, tgId: number): Promise<string> {
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${stack.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const { initData } = await post('/v1/auth/dev/init-data/', { tgId });
  return (await post('/v1/auth/login/', { initData })).jwtToken!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const stack = await startStack({ SWIPE_GIFT_CHANCE: '1', SWIPE_MIN_INTERVAL_MS: '0' });
  const browser = await launchBrowser();
  const runs: Array<{
    prize: string;
    pieces: number;
    count: number;
    total: number;
    longest: number;
    taskMs: number;
    scriptMs: number;
  }> = [];
  const loadBefore = loadavg();
  try {
    const author = ADMIN_TG_ID + 18;
    await seedMemes(stack, author, await signIn(stack, author), 12);
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        baseURL: stack.baseUrl,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        // Development logins keep the browser's platform: a phone's, as players have (a desktop gets the notice).
        userAgent: PHONE_USER_AGENT,
      });
      const page = await context.newPage();
      await page.goto(`/?tgId=${ADMIN_TG_ID + 100 + run}`);
      await page.getByRole('button', { name: 'Skip' }).click();
      await page.getByRole('button', { name: 'Got it' }).click();
      for (let n = 1; n < 10; n++) {
        const answered = page.waitForResponse((r) => r.request().method() === 'POST');
        await page.getByRole('button', { name: 'Like' }).click();
        await answered;
      }
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
      await page.getByRole('button', { name: 'Like' }).click();
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
  console.log(
    `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
  );
}

await main();
