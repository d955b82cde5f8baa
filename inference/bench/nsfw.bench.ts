/**
 * `npm run bench:nsfw -w inference [-- --rounds N]`: the NSFW classifier on every labelled photo (decoded
 * first, not timed): wall and process CPU time per image (the stretch to 224×224 and the model run, one
 * ONNX Runtime thread), and how many the default thresholds would refuse (the false positives).
 */
import os from 'node:os';

import { isNsfw, NSFW_DEFAULT_THRESHOLDS } from '@mememint/contracts';

import { decodePhoto, photoNames } from '../test/labelled-photos.js';
import { ensureModels } from '../src/models/model-paths.js';
import { classifyNsfw } from '../src/nsfw/nsfw-classifier.js';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3;
const session = { device: 'cpu', intraOpThreads: 1 } as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

await ensureModels();
const images = await Promise.all(photoNames.map(async (name) => ({ name, image: await decodePhoto(name) })));
await classifyNsfw(images[0]!.image, session); // the session's creation is not a classification
console.log(
  `load average before: ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
const wall: number[] = [];
const cpu: number[] = [];
let refused = 0;
let highest = { name: '', explicit: 0 };
for (let round = 0; round < rounds; round++) {
  for (const { name, image } of images) {
    const started = performance.now();
    const usage = process.cpuUsage();
    const scores = await classifyNsfw(image, session);
    const spent = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
    if (round > 0) continue;
    if (isNsfw(scores, NSFW_DEFAULT_THRESHOLDS)) refused++;
    const explicit = scores.porn + scores.hentai;
    if (explicit > highest.explicit) highest = { name, explicit };
  }
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`${images.length} labelled photos × ${rounds} rounds`);
console.log(`wall per image: p50 ${ms(percentile(wall, 50))}, p95 ${ms(percentile(wall, 95))}`);
console.log(`CPU per image:  p50 ${ms(percentile(cpu, 50))}, p95 ${ms(percentile(cpu, 95))}`);
console.log(
  `refused at the defaults: ${refused} of ${images.length}; highest explicit ${highest.explicit.toFixed(4)} (${highest.name})`,
);
console.log(
  `load average after: ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
