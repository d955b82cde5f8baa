/**
 * `npm run bench:sticker -w inference`: what face stickers cost. The swap's extra work (the face mask
 * filled and encoded as PNG, in its encode stage) and its size, and the cut-out (`faceSticker`) without
 * and with a caption, on portraits of the labelled photos. Prints p50/p95 in milliseconds.
 */
import os from 'node:os';

import { loadInferenceConfig } from '../src/config.js';
import { ensureModels } from '../src/models/model-paths.js';
import { faceSticker } from '../src/sticker/face-sticker.js';
import { encodeFaceMask, faceMask } from '../src/swap/face-mask.js';
import { decodePhoto, largestFaceMesh, photoBytes, photoNames } from '../test/labelled-photos.js';

const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 3;
const config = loadInferenceConfig();

function report(name: string, samples: number[], unit = 'ms'): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const value = (v: number) => `${v.toFixed(1).padStart(8)} ${unit}`;
  console.log(`${name.padEnd(34)} p50 ${value(at(50))}   p95 ${value(at(95))}   (n=${samples.length})`);
}

await ensureModels();
const names = photoNames.filter((name) => /^(portrait|tilted)-.*\.jpg$/.test(name));
const inputs = [];
for (const name of names) {
  const image = await decodePhoto(name);
  inputs.push({ name, image, bytes: photoBytes(name), mesh: await largestFaceMesh(image, config) });
}
const maskMs: number[] = [];
const maskKb: number[] = [];
const plainMs: number[] = [];
const captionMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const { image, bytes, mesh } of inputs) {
    let start = performance.now();
    const mask = await encodeFaceMask(faceMask([mesh], image.width, image.height), image.width, image.height);
    maskMs.push(performance.now() - start);
    maskKb.push(mask.length / 1024);
    start = performance.now();
    await faceSticker(bytes, mask);
    plainMs.push(performance.now() - start);
    start = performance.now();
    await faceSticker(bytes, mask, 'When the build\npasses first time');
    captionMs.push(performance.now() - start);
  }
}
console.log(
  `${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}; ${inputs.length} photos × ${ROUNDS}`,
);
report('face mask (fill + PNG)', maskMs);
report('face mask PNG size', maskKb, 'KB');
report('face sticker, no caption', plainMs);
report('face sticker, two-line caption', captionMs);
