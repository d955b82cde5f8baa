/**
 * Visual review of the swap: swaps pairs of test photos and writes a contact sheet (result crops with the
 * face photo inset) into the git-ignored test-output/swap-review/, printing each pair's seam score and edge
 * step (see seam.ts).
 *   npm run review -w inference -- [--name sheet] [face.jpg:target.jpg ...]
 * These are real people: the sheets stay in test-output/ and never leave the machine.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import sharp, { type OverlayOptions } from 'sharp';

import { loadInferenceConfig } from '../src/config.js';
import { swapFaceInto } from '../src/swap/face-swap.js';
import { edgeStep, seamScore } from '../src/swap/seam.js';
import type { FaceMesh, RgbImage } from '../src/types.js';
import { decodePhoto, largestFaceMesh } from '../test/labelled-photos.js';

const output = fileURLToPath(new URL('../test-output/swap-review/', import.meta.url));

/** Turned faces both ways, bearded and white-bearded targets, glasses, a frontal face on turned heads. */
const DEFAULT_PAIRS = [
  'tilted-02.jpg:portrait-07.jpg',
  'tilted-01.jpg:portrait-07.jpg',
  'tilted-01.jpg:portrait-02.jpg',
  'tilted-02.jpg:portrait-04.jpg',
  'portrait-07.jpg:tilted-02.jpg',
  'portrait-07.jpg:tilted-01.jpg',
  'portrait-04.jpg:tilted-02.jpg',
  'portrait-02.jpg:tilted-04.jpg',
  'portrait-01.jpg:portrait-07.jpg',
  'tilted-04.jpg:portrait-07.jpg',
  'portrait-13.jpg:portrait-02.jpg',
  'portrait-07.jpg:portrait-01.jpg',
  'portrait-04.jpg:portrait-08.jpg',
  'portrait-02.jpg:portrait-13.jpg',
  'portrait-05.jpg:portrait-04.jpg',
  'portrait-07.jpg:bw-02.jpg',
];

const { values, positionals } = parseArgs({
  options: {
    name: { type: 'string', default: 'sheet' },
    tile: { type: 'string', default: '360' },
    columns: { type: 'string', default: '4' },
  },
  allowPositionals: true,
});
const TILE = Number(values.tile);
const INSET = Math.round(TILE / 4);
const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

async function load(name: string): Promise<{ image: RgbImage; mesh: FaceMesh }> {
  const image = await decodePhoto(name);
  return { image, mesh: await largestFaceMesh(image, config) };
}

/** A square crop around the mesh, grown by half its size, scaled to `side`. */
async function crop(image: RgbImage, mesh: FaceMesh, side: number): Promise<Buffer> {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < 468; i++) {
    minX = Math.min(minX, mesh.points[i * 3]);
    maxX = Math.max(maxX, mesh.points[i * 3]);
    minY = Math.min(minY, mesh.points[i * 3 + 1]);
    maxY = Math.max(maxY, mesh.points[i * 3 + 1]);
  }
  const size = Math.max(maxX - minX, maxY - minY) * 1.5;
  const left = Math.max(0, Math.round((minX + maxX - size) / 2));
  const top = Math.max(0, Math.round((minY + maxY - size) / 2));
  const width = Math.min(image.width - left, Math.round(size));
  const height = Math.min(image.height - top, Math.round(size));
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(side, side, { fit: 'contain', background: '#000' })
    .png()
    .toBuffer();
}

mkdirSync(output, { recursive: true });
const pairs = (positionals.length > 0 ? positionals : DEFAULT_PAIRS).map((pair) => pair.split(':'));
const cache = new Map<string, Promise<{ image: RgbImage; mesh: FaceMesh }>>();
const loaded = (name: string) => cache.get(name) ?? cache.set(name, load(name)).get(name)!;
const tiles: OverlayOptions[] = [];
const columns = Math.min(Number(values.columns), pairs.length);
for (const [index, [faceName, targetName]] of pairs.entries()) {
  const [face, target] = await Promise.all([loaded(faceName), loaded(targetName)]);
  const result = { ...target.image, data: Uint8Array.from(target.image.data) };
  const started = performance.now();
  const alpha = swapFaceInto(result, target.mesh, face.image, face.mesh);
  const ms = performance.now() - started;
  const seam = seamScore(target.image, result, alpha);
  const step = edgeStep(target.image, result, alpha);
  const size = `${target.image.width}×${target.image.height}`;
  const scores = `seam ${seam.toFixed(3)}, edge step ${step.toFixed(1)}`;
  console.log(`${faceName} → ${targetName}: ${scores}, swap ${ms.toFixed(0)} ms (${size})`);
  const left = (index % columns) * TILE;
  const top = Math.floor(index / columns) * TILE;
  tiles.push({ input: await crop(result, target.mesh, TILE), left, top });
  tiles.push({ input: await crop(face.image, face.mesh, INSET), left, top });
}
const file = `${output}${values.name}.png`;
await sharp({
  create: {
    width: TILE * columns,
    height: TILE * Math.ceil(pairs.length / columns),
    channels: 3,
    background: '#000',
  },
})
  .composite(tiles)
  .png()
  .toFile(file);
console.log(file);
