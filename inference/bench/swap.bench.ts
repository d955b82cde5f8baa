/**
 * Swap benchmark: one face photo into every labelled photo with a face, each resized to 1024 px on its
 * longest side, by the uncached path (both photos detected and mapped on every swap) and the cached path
 * (the stored analyses of both photos used), interleaved in the same run. Prints wall p50/p95 per stage and
 * CPU time per swap for each, and with --throughput swaps per second for one and two worker processes.
 *   npm run bench -w inference [-- --rounds 3] [--face tilted-02.jpg] [--throughput]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import type { FaceAnalysisRecord } from '@mememint/contracts';
import sharp from 'sharp';

import { analyseImage } from '../src/analysis/face-analysis.js';
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
    throughput: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const faceName = values.face ?? 'portrait-07.jpg';

interface Inputs {
  face: Buffer;
  faceAnalysis: FaceAnalysisRecord;
  targets: { bytes: Buffer; analysis: FaceAnalysisRecord }[];
}

async function inputs(threads: number): Promise<Inputs> {
  const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: String(threads) });
  const names = photoNames.filter((name) => name.endsWith('.jpg') && labels[name].faces.length > 0);
  const resize = (name: string) =>
    sharp(photoBytes(name)).resize(SIDE, SIDE, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
  const face = await resize(faceName);
  const targets = [];
  for (const name of names) {
    const bytes = await resize(name);
    targets.push({ bytes, analysis: (await analyseImage(bytes, 'template', config)).record });
  }
  return { face, faceAnalysis: (await analyseImage(face, 'face', config)).record, targets };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface PathSamples {
  stages: Record<string, number[]>;
  cpu: number[];
  swaps: number;
  failures: number;
}

/** One swap by one path: wall time per stage and the process's CPU time (all threads) it took. */
async function swapOnce(
  samples: PathSamples,
  request: Parameters<typeof runSwap>[0],
  config: ReturnType<typeof loadInferenceConfig>,
): Promise<void> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    const result = await runSwap(request, config);
    const cpu = process.cpuUsage(cpuBefore);
    const timings = {
      ...result.timings,
      'detect+landmarks': result.timings.detect + result.timings.landmarks,
      total: performance.now() - started,
    };
    for (const [stage, ms] of Object.entries(timings)) (samples.stages[stage] ??= []).push(ms);
    samples.cpu.push((cpu.user + cpu.system) / 1000);
    samples.swaps++;
  } catch {
    samples.failures++;
  }
}

/** `rounds` passes over the targets, the two paths interleaved target by target. */
async function run(threads: number) {
  const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: String(threads) });
  const { face, faceAnalysis, targets } = await inputs(threads);
  const fresh: PathSamples = { stages: {}, cpu: [], swaps: 0, failures: 0 };
  const cached: PathSamples = { stages: {}, cpu: [], swaps: 0, failures: 0 };
  // Warm-up: sessions, JIT.
  for (const target of targets.slice(0, 3)) {
    await runSwap({ face, target: target.bytes }, config).catch(() => undefined);
  }
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      await swapOnce(fresh, { face, target: target.bytes }, config);
      const analyses = { face: faceAnalysis, target: target.analysis };
      await swapOnce(cached, { face, target: target.bytes, analyses }, config);
    }
  }
  return { fresh, cached, seconds: (performance.now() - started) / 1000 };
}

function report(title: string, samples: PathSamples): void {
  console.log(`\n${title}: ${samples.swaps} swaps of ${SIDE} px targets (${samples.failures} failed)`);
  console.log('stage               p50 ms   p95 ms   min ms');
  for (const [stage, list] of Object.entries(samples.stages)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${stage.padEnd(18)} ${percentile(sorted, 50).toFixed(1).padStart(7)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${sorted[0].toFixed(1).padStart(8)}`,
    );
  }
  const cpu = [...samples.cpu].sort((a, b) => a - b);
  console.log(
    `CPU time per swap (all threads): p50 ${percentile(cpu, 50).toFixed(1)} ms, mean ${(cpu.reduce((s, v) => s + v, 0) / Math.max(1, cpu.length)).toFixed(1)} ms`,
  );
}

/** Swaps per second of one child process over the cached path. */
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
        faceName,
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
  const { fresh, cached, seconds } = await run(Number(values.threads ?? 1));
  console.log(JSON.stringify({ swaps: fresh.swaps + cached.swaps, seconds }));
} else {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`machine: ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, load average ${load()}`);
  const threads = os.availableParallelism();
  const { fresh, cached } = await run(threads);
  report(`uncached (detect + landmarks of both photos), 1 process, ${threads} ORT threads`, fresh);
  report('cached (stored analyses of both photos)', cached);
  const p50 = (samples: PathSamples) =>
    percentile(
      [...samples.stages.total].sort((a, b) => a - b),
      50,
    );
  const cpu = (samples: PathSamples) =>
    percentile(
      [...samples.cpu].sort((a, b) => a - b),
      50,
    );
  console.log(
    `\ncached / uncached: wall p50 ${(p50(cached) / p50(fresh)).toFixed(2)}, CPU p50 ${(cpu(cached) / cpu(fresh)).toFixed(2)}`,
  );
  if (values.throughput) {
    for (const processes of [1, 2]) {
      const each = Math.max(1, Math.floor(threads / processes));
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: processes }, () => childRun(each)));
      const total = results.reduce((sum, r) => sum + r.swaps, 0);
      const span = Math.max(...results.map((r) => r.seconds));
      console.log(
        `${processes} worker process(es) × ${each} thread(s): ${(total / span).toFixed(2)} swaps/s, both paths mixed (${total} swaps, wall ${((performance.now() - started) / 1000).toFixed(1)} s incl. start-up)`,
      );
    }
  }
  console.log(`load average after: ${load()}`);
}
