/**
 * What one uploaded photo costs the API process: players upload a noisy 36 MP JPEG (7360×4912, ~30 MB:
 * the worst case a phone camera sends) one after another through HTTP (`POST /api/v1/memes/`: the body
 * read, the check, the re-encode, the thumbnail, the files written), to the API started as production
 * runs it (scripts/lib/production-stack.mjs: built, NODE_ENV=production). Measured from outside: the API
 * process's CPU time per upload (/proc/<pid>/stat) and its peak resident memory (VmHWM). Rules changed
 * (printed with the verdict): the body cap raised to 64 MB (production's 10 MB refuses this photo), and
 * no screening (no inference worker runs; the screening is the worker's cost). Uploads at once and their
 * memory: the upload-memory bench.
 *   npm run bench -w backend -- uploads [--sequential 5]
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { startProductionStack } from '../../scripts/lib/production-stack.mjs';
import { cpuSecondsOf } from './lib/http-load.js';
import { memoryMb, multipartBody, noisyPhoto, NOISY_PHOTO, postUpload } from './lib/upload-request.js';

const { values } = parseArgs({
  options: {
    sequential: { type: 'string', default: '5' },
    make: { type: 'string' },
  },
});

if (values.make) {
  const { width, height } = NOISY_PHOTO;
  await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(values.make);
  process.exit(0);
}

const SEQUENTIAL = Number(values.sequential);
const photo = noisyPhoto();
const body = multipartBody(photo);
const api = await startProductionStack({
  ruleChanges: { UPLOAD_MAX_BYTES: String(64 * 1024 * 1024), NSFW_SCREEN_UPLOADS: '0' },
  why: 'the photo is 30 MB; no inference worker screens it',
});
try {
  // Production's RATE_LIMIT_UPLOADS_PER_PLAYER (10 a minute) holds: a player per upload.
  const firstPlayer = 8_200_000_000 + Math.floor(Math.random() * 1e6) * 100;
  const tokens: string[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) tokens.push((await api.login(firstPlayer + i)).jwtToken);
  const before = memoryMb(api.pid, 'VmHWM');
  const cpuSeconds: number[] = [];
  const wallMs: number[] = [];
  for (const token of tokens) {
    const cpu = cpuSecondsOf(api.pid);
    const answer = await postUpload(api.port, token, body);
    if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}`);
    cpuSeconds.push(cpuSecondsOf(api.pid) - cpu);
    wallMs.push(answer.ms);
  }
  const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  const load = os.loadavg().map((value) => value.toFixed(1));
  console.log(
    `\nphoto ${NOISY_PHOTO.width}×${NOISY_PHOTO.height}, ${(photo.length / 1e6).toFixed(1)} MB; ` +
      `${SEQUENTIAL} uploads one after another, load ${load.join(' ')}\n`,
  );
  console.log(
    `API CPU per upload: median ${median(cpuSeconds).toFixed(2)} s (${cpuSeconds.map((s) => s.toFixed(2)).join(', ')}); ` +
      `wall median ${(median(wallMs) / 1000).toFixed(2)} s; API peak RSS ${before} MB after boot and logins, ` +
      `${memoryMb(api.pid, 'VmHWM')} MB with the uploads`,
  );
  console.log(api.rules);
} finally {
  await api.stop();
}
