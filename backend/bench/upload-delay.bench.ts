/**
 * How long one player can delay another's upload: a victim uploads an ordinary photo (`POST
 * /api/v1/memes/`) alone, then while one attacking account loops, as fast as its answers come, over
 * what costs the API most per request: a valid 6000×6000 JPEG (36 MP to decode), the same JPEG cut
 * short (a truncated scan), and slow bodies (1 KB every 100 ms, above UPLOAD_MIN_BYTES_PER_SECOND).
 * The API runs as production runs it (scripts/lib/production-stack.mjs: built, NODE_ENV=production) with the
 * production limits (RATE_LIMIT_UPLOADS_PER_PLAYER 10 a minute, UPLOAD_MAX_CONCURRENT 1); only the
 * per-address limit is off, because both players share this machine's address (the verdict says so).
 *   npm run bench -w backend -- upload-delay [--uploads 8 --loops 2]
 */
import 'reflect-metadata';

import os from 'node:os';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { photo } from '../test/helpers/memes.js';
import { newTgId } from '../test/helpers/telegram-login.js';
import { startProductionStack } from '../../scripts/lib/production-stack.mjs';
import { HttpClient } from './lib/http-load.js';
import { multipartBody, postUpload, type UploadAnswer as Answer } from './lib/upload-request.js';

const { values } = parseArgs({
  options: { uploads: { type: 'string', default: '8' }, loops: { type: 'string', default: '2' } },
});
const UPLOADS = Number(values.uploads);
const LOOPS = Number(values.loops);
function summary(answers: Answer[]): string {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!);
  const statuses = [...new Set(answers.map((a) => a.status))].join('/');
  return `p50 ${at(0.5)} ms, max ${Math.round(ms.at(-1)!)} ms (${answers.length} uploads, status ${statuses})`;
}

const victimPhoto = multipartBody(photo('portrait-01.jpg'));
const large = await sharp({
  create: { width: 6000, height: 6000, channels: 3, background: { r: 120, g: 130, b: 140 } },
})
  .jpeg({ quality: 90 })
  .toBuffer();
const scanStart = large.indexOf(Buffer.from([0xff, 0xda]));
const truncated = multipartBody(
  Buffer.concat([large.subarray(0, scanStart + 20), Buffer.from([0xff, 0xd9])]),
);
const largeBody = multipartBody(large);

const api = await startProductionStack({
  // No inference worker runs here: the uploads are not screened (the screening is the worker's cost,
  // measured by inference's NSFW bench); the API's upload slot is what is measured.
  ruleChanges: { RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS: '0', NSFW_SCREEN_UPLOADS: '0' },
  why: 'both players are this machine’s address; no inference worker screens the uploads',
  env: { LOG_LEVEL: 'error' },
});
const client = new HttpClient(api.port, 2);
const login = async (_port: number): Promise<string> => {
  const res = await client.request('POST', '/api/v1/auth/login/', undefined, {
    initData: api.initData({ id: newTgId() }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return (JSON.parse(res.body) as { jwtToken: string }).jwtToken;
};
try {
  const alone: Answer[] = [];
  const quiet = await login(api.port);
  for (let i = 0; i < UPLOADS; i++) alone.push(await postUpload(api.port, quiet, victimPhoto));

  const attacker = await login(api.port);
  let attacking = true;
  const attackAnswers: Answer[] = [];
  const loop = async (send: () => Promise<Answer>) => {
    while (attacking) attackAnswers.push(await send());
  };
  const attacks = Array.from({ length: LOOPS }, () => [
    loop(() => postUpload(api.port, attacker, largeBody)),
    loop(() => postUpload(api.port, attacker, truncated)),
    loop(() => postUpload(api.port, attacker, victimPhoto, { chunk: 1024, everyMs: 100 })),
  ]).flat();
  const victim = await login(api.port);
  const attacked: Answer[] = [];
  for (let i = 0; i < UPLOADS; i++) attacked.push(await postUpload(api.port, victim, victimPhoto));
  attacking = false;
  await Promise.all(attacks);

  const [load1] = os.loadavg();
  const worst = Math.max(...attacked.map((a) => a.ms)) - Math.max(...alone.map((a) => a.ms));
  console.log(`victim alone:           ${summary(alone)}`);
  console.log(`victim under attack:    ${summary(attacked)}`);
  console.log(`attacker's requests:    ${summary(attackAnswers)}`);
  console.log(
    `verdict: one player delayed another's upload by at most ${Math.max(0, Math.round(worst))} ms ` +
      `(the slowest attacked upload minus the slowest alone; ${LOOPS} loop(s) of each attack; ` +
      `load average ${load1!.toFixed(2)})`,
  );
  console.log(api.rules);
} finally {
  client.close();
  await api.stop();
}
