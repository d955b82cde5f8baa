/**
 * The mini app's first screen on a weak phone network (issue 14 item 10): the whole stack started as
 * for the e2e, Chromium at 390×844 throttled through the DevTools protocol to 150 ms RTT, 1.6 Mbit/s
 * down, 750 kbit/s up and a 4× slower CPU. Each run opens /main in a fresh browser context (empty
 * cache) as a returning player (session cookies) and prints: first contentful paint, when the main
 * screen's first button (Create a meme) is visible, and the compressed JavaScript fetched before it.
 * A second load in the same context shows the cache at work. Run: `npm run bench -w frontend`
 * (BENCH_RUNS, default 5).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/browser.js';
import { ADMIN_TG_ID, FRONTEND_DIR, OUTPUT_DIR, startStack } from '../e2e/stack.js';
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

interface Load {
  fcp: number;
  firstButton: number;
  jsBeforeButtonKb: number;
  jsFiles: number;
  waterfall: string[];
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
`;

async function main() {
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const post = async (path: string, body: unknown) =>
      (await fetch(`${stack.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as Record<string, string>;
    // A returning player: signed up, onboarding done, tokens in the cookies.
    const { initData } = await post('/v1/auth/dev/init-data/', { tgId: ADMIN_TG_ID + 7 });
    const tokens = await post('/v1/auth/login/', { initData });
    await fetch(`${stack.baseUrl}/api/v1/users/unboarding-finish/`, {
      headers: { Authorization: `Bearer ${tokens.jwtToken}` },
    });

    const loadBefore = loadavg();
    const cold: Load[] = [];
    const warm: Load[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        baseURL: stack.baseUrl,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const url = new URL(stack.baseUrl);
      await context.addCookies(
        [
          ['mm_auth_token', tokens.jwtToken!],
          ['mm_refresh_token', tokens.refreshToken!],
        ].map(([name, value]) => ({
          name: name!,
          value: value!,
          domain: url.hostname,
          path: '/',
          sameSite: 'Strict' as const,
        })),
      );
      await context.addInitScript(WATCH_FIRST_BUTTON);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

      const measure = async (): Promise<Load> => {
        await page.goto('/main');
        await page.waitForFunction(
          () => (window as { __firstButton?: number }).__firstButton !== undefined,
          null,
          {
            timeout: 60_000,
          },
        );
        return page.evaluate(() => {
          const firstButton = (window as { __firstButton?: number }).__firstButton!;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= firstButton,
          );
          const bytes = scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
          const waterfall = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.startTime <= firstButton)
            .map(
              (entry) =>
                `${entry.startTime.toFixed(0).padStart(5)} → ${entry.responseEnd.toFixed(0).padStart(5)}  ` +
                `${(entry.encodedBodySize / 1024).toFixed(1).padStart(6)} KB  ${new URL(entry.name).pathname}`,
            );
          // The document itself: when its bytes came and when the parser was done with it.
          const nav = performance.getEntriesByType('navigation')[0] as
            PerformanceNavigationTiming | undefined;
          if (nav)
            waterfall.unshift(
              `${nav.startTime.toFixed(0).padStart(5)} → ${nav.responseEnd.toFixed(0).padStart(5)}  ` +
                `${(nav.encodedBodySize / 1024).toFixed(1).padStart(6)} KB  (document; request ${nav.requestStart.toFixed(0)}, ` +
                `first byte ${nav.responseStart.toFixed(0)}, interactive ${nav.domInteractive.toFixed(0)}, ` +
                `DOMContentLoaded ${nav.domContentLoadedEventEnd.toFixed(0)})`,
            );
          return { fcp, firstButton, jsBeforeButtonKb: bytes / 1024, jsFiles: scripts.length, waterfall };
        });
      };
      if (PROFILE) {
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      cold.push(await measure());
      if (PROFILE) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        const name = join(OUTPUT_DIR, `first-load-${run + 1}`);
        writeFileSync(`${name}.cpuprofile`, JSON.stringify(profile));
        writeFileSync(`${name}.json`, JSON.stringify(trace));
        const button = cold.at(-1)!.firstButton;
        const navigation = navigationStart(trace.traceEvents);
        console.log(`\nRun ${run + 1}, first load profiled (${name}.{json,cpuprofile})`);
        console.log(summariseTrace(trace.traceEvents, button));
        console.log(
          summariseProfile(
            profile,
            (navigation?.ts ?? profile.startTime) + button * 1000,
            process.env.FRONTEND_DIST ?? join(FRONTEND_DIR, 'dist'),
          ),
        );
      }
      if (WATERFALL) {
        const load = cold.at(-1)!;
        console.log(
          `\nRun ${run + 1}, first load: FCP ${load.fcp.toFixed(0)} ms, button ${load.firstButton.toFixed(0)} ms`,
        );
        console.log(load.waterfall.join('\n'));
      }
      warm.push(await measure());
      await context.close();
    }

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const row = (label: string, loads: Load[]) =>
      `${label.padEnd(34)} ${median(loads.map((l) => l.fcp))
        .toFixed(0)
        .padStart(6)} ms ${median(loads.map((l) => l.firstButton))
        .toFixed(0)
        .padStart(6)} ms ${median(loads.map((l) => l.jsBeforeButtonKb))
        .toFixed(1)
        .padStart(7)} KB  (${median(loads.map((l) => l.jsFiles))} files)`;
    console.log(
      `\nFirst screen of /main, ${RUNS} runs, medians (150 ms RTT, 1.6 Mbit/s, CPU ×${CPU_SLOWDOWN}, 390×844)`,
    );
    console.log(`${''.padEnd(34)} ${'FCP'.padStart(9)} ${'button'.padStart(9)} ${'JS before'.padStart(10)}`);
    const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
    console.log(`load average (1/5/15 min): ${load(loadBefore)} before, ${load(loadavg())} after`);
    console.log(row('first load (empty cache)', cold));
    console.log(row('second load (cached assets)', warm));
    console.log('\nEvery run (first load): FCP / button / JS KB');
    for (const load of cold)
      console.log(
        `  ${load.fcp.toFixed(0)} / ${load.firstButton.toFixed(0)} ms / ${load.jsBeforeButtonKb.toFixed(1)} KB`,
      );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
