/**
 * Swap benchmark: every labelled photo with a face, resized to 1024 px on its longest side, as the target of
 * one face photo. Prints per-stage p50/p95 and swaps per second for one and two worker processes.
 *   npm run bench -w inference [-- --rounds 3] [--face tilted-02.jpg]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { loadInferenceConfig } from '../src/config.js';
import { runSwap } from '../src/pipeline.js';
import { labels, photoBytes, photoNames } from '../test/labelled-photos.js';

const SIDE = 1024;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    child: { type: 'boolean', default: false },
    threads: { type: 'string' },
    // The face photo; a turned one (e.g. tilted-02.jpg) exercises the mirror fill.
    face: { type: 'string', default: 'portrait-07.jpg' },
  },
});
const rounds = Number(values.rounds);

async function inputs(): Promise<{ face: Buffer; targets: Buffer[] }> {
  const names = photoNames.filter((name) => name.endsWith('.jpg') && labels[name].faces.length > 0);
  const resize = (name: string) =>
    sharp(photoBytes(name)).resize(SIDE, SIDE, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
  return {
    face: await resize(values.face ?? 'portrait-07.jpg'),
    targets: await Promise.all(names.map(resize)),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `rounds` passes over the targets; returns per-stage samples and the wall time. */
async function run(threads: number) {
  const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: String(threads) });
  const { face, targets } = await inputs();
  // Warm-up: sessions, JIT.
  for (const target of targets.slice(0, 3)) await runSwap({ face, target }, config).catch(() => undefined);
  const samples: Record<string, number[]> = {};
  let swaps = 0;
  let failures = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const t0 = performance.now();
      try {
        const result = await runSwap({ face, target }, config);
        const timings = {
          ...result.timings,
          'detect+landmarks': result.timings.detect + result.timings.landmarks,
          total: performance.now() - t0,
        };
        for (const [stage, ms] of Object.entries(timings)) (samples[stage] ??= []).push(ms);
        swaps++;
      } catch {
        failures++;
      }
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  // CPU time (all threads of this process) is far less sensitive than wall time to other processes' load.
  const cpuMsPerSwap = (cpu.user + cpu.system) / 1000 / Math.max(1, swaps + failures);
  return { samples, swaps, failures, cpuMsPerSwap, seconds: (performance.now() - started) / 1000 };
}

function childRun(threads: number): Promise<{ swaps: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--child',
        '--rounds',
        String(rounds),
        '--threads',
        String(threads),
        '--face',
        values.face ?? 'portrait-07.jpg',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'))
        : reject(new Error(`child exited ${code}`)),
    );
  });
}

if (values.child) {
  const { swaps, seconds } = await run(Number(values.threads ?? 1));
  console.log(JSON.stringify({ swaps, seconds }));
} else {
  console.log(
    `machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const { samples, swaps, failures, cpuMsPerSwap } = await run(os.availableParallelism());
  console.log(
    `\n1 process, ${os.availableParallelism()} ORT threads: ${swaps} swaps of ${SIDE} px targets (${failures} without a face)`,
  );
  console.log('stage               p50 ms   p95 ms   min ms');
  for (const [stage, list] of Object.entries(samples)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${stage.padEnd(18)} ${percentile(sorted, 50).toFixed(1).padStart(7)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${sorted[0].toFixed(1).padStart(8)}`,
    );
  }
  console.log(`CPU time per swap (all threads): ${cpuMsPerSwap.toFixed(1)} ms`);
  for (const processes of [1, 2]) {
    const threads = Math.max(1, Math.floor(os.availableParallelism() / processes));
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: processes }, () => childRun(threads)));
    const total = results.reduce((sum, r) => sum + r.swaps, 0);
    // Each child's own measured span (after its warm-up): the slowest one bounds the throughput.
    const span = Math.max(...results.map((r) => r.seconds));
    console.log(
      `${processes} worker process(es) × ${threads} thread(s): ${(total / span).toFixed(2)} swaps/s (${total} swaps, wall ${((performance.now() - started) / 1000).toFixed(1)} s incl. start-up)`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
