/**
 * What checking and re-encoding one uploaded photo costs the API process (ImagesService, the step
 * every upload goes through): CPU time and the process's peak resident memory, for a noisy 36 MP
 * JPEG (the worst case a phone camera sends), one at a time and then `--parallel` at once.
 *   npm run bench -w backend -- uploads [--sequential 5 --parallel 8]
 * Run each size in a fresh process: the peak RSS figure is the process's high-water mark.
 */
import 'reflect-metadata';

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { AppConfig } from '../src/config/app.config.js';
import { UploadSlots } from '../src/media/upload-slots.js';
import { ImagesService } from '../src/media/images.service.js';

const { values } = parseArgs({
  options: {
    sequential: { type: 'string', default: '5' },
    parallel: { type: 'string', default: '0' },
    make: { type: 'string' },
  },
});
const WIDTH = 7360;
const HEIGHT = 4912;

/** The process's peak resident set (VmHWM), in MB. */
function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** The photo, made once by a child process so that making it does not count in this one's peak. */
function noisyPhoto(): Buffer {
  const file = path.join(os.tmpdir(), `mememint-bench-noise-${WIDTH}x${HEIGHT}.jpg`);
  if (!existsSync(file)) {
    const made = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--make', file], {
      stdio: 'inherit',
    });
    if (made.status !== 0) throw new Error('making the photo failed');
  }
  return readFileSync(file);
}

if (values.make) {
  const pixels = randomBytes(WIDTH * HEIGHT * 3);
  await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(values.make);
  process.exit(0);
}

const benchConfig = new AppConfig({
  DATABASE_URL: 'postgres://unused/unused',
  UPLOAD_MAX_BYTES: String(64 * 1024 * 1024),
  UPLOAD_MAX_MEGAPIXELS: '40',
});
const images = new ImagesService(benchConfig, new UploadSlots(benchConfig));
const upload = noisyPhoto();
const baseline = peakRssMb();
console.log(
  `photo: ${WIDTH}×${HEIGHT}, ${(upload.length / 1e6).toFixed(1)} MB; peak RSS before: ${baseline} MB`,
);

async function prepareAndThumbnail(): Promise<void> {
  const prepared = await images.prepare(upload);
  await images.thumbnail(prepared.image);
}

const parallel = Number(values.parallel);
if (parallel > 0) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, prepareAndThumbnail));
  const used = process.cpuUsage(cpu);
  console.log(
    `${parallel} at once: ${((performance.now() - started) / 1000).toFixed(1)} s wall, ` +
      `${((used.user + used.system) / 1e6 / parallel).toFixed(2)} s CPU per upload, peak RSS ${peakRssMb()} MB`,
  );
} else {
  const cpuSeconds: number[] = [];
  for (let i = 0; i < Number(values.sequential); i++) {
    const cpu = process.cpuUsage();
    await prepareAndThumbnail();
    const used = process.cpuUsage(cpu);
    cpuSeconds.push((used.user + used.system) / 1e6);
  }
  cpuSeconds.sort((a, b) => a - b);
  console.log(
    `one at a time: median ${cpuSeconds[Math.floor(cpuSeconds.length / 2)]!.toFixed(2)} s CPU per upload ` +
      `(${cpuSeconds.map((s) => s.toFixed(2)).join(', ')}), peak RSS ${peakRssMb()} MB`,
  );
}
