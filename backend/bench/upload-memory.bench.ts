/**
 * The API process's peak resident memory while players upload noisy 36 MP JPEGs (7360×4912, ~30 MB:
 * the worst case a phone camera sends) all at once, through HTTP (`POST /api/v1/memes/`: check,
 * re-encode, thumbnail): issue 15 wants it under 600 MB with 8 and with 32 parallel uploads.
 *   npm run bench -w backend -- upload-memory [--parallel 8,32 --concurrent 1 --arenas 2]
 * Each count runs against a fresh API process started as production runs it (scripts/lib/production-stack.mjs:
 * built, NODE_ENV=production; rate limits lifted and the body cap raised, named in its output), so its VmHWM is
 * that run's high-water mark. `--concurrent` is UPLOAD_MAX_CONCURRENT; `--arenas` sets the API's
 * MALLOC_ARENA_MAX (glibc; fewer malloc arenas for libvips' threads), `0` leaves glibc's default.
 */
import 'reflect-metadata';

import { parseArgs } from 'node:util';

import { LIFTED_LIMITS } from '../test/helpers/test-app.js';
import { startProductionStack } from '../../scripts/lib/production-stack.mjs';
import { memoryMb, multipartBody, noisyPhoto, NOISY_PHOTO, postUpload } from './lib/upload-request.js';

const { values } = parseArgs({
  options: {
    parallel: { type: 'string', default: '8,32' },
    concurrent: { type: 'string', default: '1' },
    arenas: { type: 'string', default: '2' },
  },
});
/** One upload on a connection of its own (as parallel phones would), answering the status. */
async function upload(port: number, token: string): Promise<number> {
  const answer = await postUpload(port, token, body);
  if (answer.status === 0) throw new Error('the upload connection failed');
  return answer.status;
}

const photo = noisyPhoto();
const body = multipartBody(photo);
console.log(
  `photo ${NOISY_PHOTO.width}×${NOISY_PHOTO.height}, ${(photo.length / 1e6).toFixed(1)} MB; UPLOAD_MAX_CONCURRENT=${values.concurrent}, ` +
    `MALLOC_ARENA_MAX=${values.arenas === '0' ? '(glibc default)' : values.arenas}`,
);
for (const parallel of values.parallel.split(',').map(Number)) {
  const api = await startProductionStack({
    ruleChanges: {
      ...LIFTED_LIMITS,
      UPLOAD_MAX_BYTES: String(64 * 1024 * 1024),
      UPLOAD_MAX_CONCURRENT: values.concurrent,
      NSFW_SCREEN_UPLOADS: '0',
    },
    why: 'N players upload a 30 MB photo at once from one address; no inference worker screens them',
    env: values.arenas === '0' ? {} : { MALLOC_ARENA_MAX: values.arenas },
  });
  try {
    const base = 8_100_000_000 + Math.floor(Math.random() * 1e6) * 100;
    const tokens = await Promise.all(
      Array.from({ length: parallel }, async (_, i) => (await api.login(base + i)).jwtToken),
    );
    const before = memoryMb(api.pid, 'VmHWM');
    const started = performance.now();
    const statuses = await Promise.all(
      tokens.map(async (token) => {
        try {
          return String(await upload(api.port, token));
        } catch (error) {
          const code = (error as { code?: string }).code;
          return `${code ?? 'failed'} after ${((performance.now() - started) / 1000).toFixed(0)} s`;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const counts = Object.entries(
      statuses.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
    )
      .map(([status, n]) => `${n}×${status}`)
      .join(' ');
    console.log(
      `${parallel} at once: ${counts}, ${seconds.toFixed(1)} s wall; API peak RSS ${before} MB after boot and ` +
        `logins, ${memoryMb(api.pid, 'VmHWM')} MB with the uploads`,
    );
    console.log(api.rules);
  } finally {
    await api.stop();
  }
}
