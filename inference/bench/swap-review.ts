/**
 * Visual review of the swap: swaps pairs of test photos and writes contact sheets (result crops with the
 * face photo inset) into the git-ignored test-output/swap-review/, printing each pair's seam score and edge
 * step (see seam.ts). Without pairs it writes one sheet per theme: skin tones, glasses, turned faces, small
 * faces (a `#n` after the target names its face, largest first).
 *   npm run review -w inference -- [--name sheet] [face.jpg:target.jpg[#n] ...]
 * These are real people: the sheets stay in test-output/ and never leave the machine.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import sharp, { type OverlayOptions } from 'sharp';

import { detectImageFaces, meshImageFaces } from '../src/analysis/face-analysis.js';
import { loadInferenceConfig } from '../src/config.js';
import { swapFace } from '../src/swap/face-swap.js';
import { edgeStep, seamScore } from '../src/swap/seam.js';
import type { FaceMesh, RgbImage } from '../src/types.js';
import { decodePhoto } from '../test/labelled-photos.js';

const output = fileURLToPath(new URL('../test-output/swap-review/', import.meta.url));

/** The default sheets: each a theme of pairs. */
const SHEETS: Record<string, string[]> = {
  // Dark into light skin and back, painted faces, a group photo as the face photo.
  'skin-tones': [
    'portrait-04.jpg:portrait-07.jpg',
    'portrait-07.jpg:portrait-04.jpg',
    'tilted-01.jpg:portrait-05.jpg',
    'portrait-05.jpg:tilted-01.jpg',
    'portrait-11.jpg:portrait-05.jpg',
    'group-02.jpg:portrait-05.jpg',
    'portrait-09.jpg:portrait-11.jpg',
    'portrait-07.jpg:bw-02.jpg',
  ],
  // Glasses on the face photo, on the target, on both.
  glasses: [
    'portrait-01.jpg:portrait-07.jpg',
    'portrait-01.jpg:portrait-04.jpg',
    'portrait-02.jpg:tilted-04.jpg',
    'portrait-13.jpg:portrait-02.jpg',
    'portrait-07.jpg:portrait-01.jpg',
    'portrait-04.jpg:portrait-02.jpg',
    'portrait-07.jpg:portrait-08.jpg',
    'portrait-02.jpg:portrait-01.jpg',
  ],
  // Turned face photos, turned targets, bearded targets.
  turned: [
    'tilted-02.jpg:portrait-07.jpg',
    'tilted-01.jpg:portrait-07.jpg',
    'tilted-01.jpg:portrait-02.jpg',
    'tilted-02.jpg:portrait-04.jpg',
    'portrait-07.jpg:tilted-02.jpg',
    'portrait-07.jpg:tilted-01.jpg',
    'portrait-04.jpg:tilted-02.jpg',
    'portrait-02.jpg:tilted-04.jpg',
  ],
  // Faces of 45–65 px in the target, swapped on an enlarged copy.
  'small-faces': [
    'portrait-07.jpg:group-03.jpg#0',
    'portrait-04.jpg:group-03.jpg#1',
    'tilted-04.jpg:group-03.jpg#2',
    'portrait-05.jpg:tilted-06.jpg#0',
    'portrait-07.jpg:small-face-02.jpg#0',
    'portrait-04.jpg:group-04.jpg#3',
    'portrait-01.jpg:group-06.jpg#1',
    'portrait-11.jpg:group-02.jpg#6',
  ],
  // Expressive templates (a grimace, a wink with an open mouth, a laugh, crying, surprise): is the
  // template's expression kept?
  expressive: [
    'portrait-07.jpg:bw-02.jpg',
    'portrait-01.jpg:bw-02.jpg',
    'portrait-07.jpg:portrait-05.jpg',
    'portrait-02.jpg:portrait-05.jpg',
    'portrait-01.jpg:portrait-09.jpg',
    'portrait-04.jpg:portrait-14.jpg',
    'portrait-07.jpg:portrait-08.jpg',
    'portrait-13.jpg:tilted-02.jpg',
  ],
  // Black-and-white templates: no colour may come with the face (pink lips or eyes).
  grayscale: [
    'portrait-07.jpg:bw-02.jpg',
    'portrait-04.jpg:bw-02.jpg',
    'portrait-11.jpg:bw-02.jpg',
    'portrait-09.jpg:bw-02.jpg',
    'portrait-07.jpg:bw-01.jpg',
    'portrait-04.jpg:bw-01.jpg',
    'portrait-13.jpg:bw-02.jpg',
    'portrait-08.jpg:bw-02.jpg',
  ],
};

const { values, positionals } = parseArgs({
  options: {
    name: { type: 'string', default: 'sheet' },
    tile: { type: 'string', default: '300' },
    columns: { type: 'string', default: '4' },
  },
  allowPositionals: true,
});
const TILE = Number(values.tile);
const INSET = Math.round(TILE / 4);
const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

interface Photo {
  image: RgbImage;
  meshes: FaceMesh[];
  glasses: number[];
}

/** A photo and its faces, largest first (as an analysis lists them). */
async function load(name: string): Promise<Photo> {
  const image = await decodePhoto(name);
  const faces = await meshImageFaces(image, await detectImageFaces(image, config, true), config);
  return {
    image,
    meshes: faces.map((face) => face.mesh),
    glasses: faces.map((face) => face.quality.glasses),
  };
}

const wearsGlasses = (photo: Photo, mesh: FaceMesh) =>
  photo.glasses[photo.meshes.indexOf(mesh)] >= config.faceCheck.glassesEvidence;

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
const cache = new Map<string, Promise<Photo>>();
const loaded = (name: string) => cache.get(name) ?? cache.set(name, load(name)).get(name)!;

async function sheet(name: string, pairs: string[]): Promise<void> {
  const tiles: OverlayOptions[] = [];
  const columns = Math.min(Number(values.columns), pairs.length);
  for (const [index, pair] of pairs.entries()) {
    const [faceName, targetSpec] = pair.split(':');
    const [targetName, faceIndex] = targetSpec.split('#');
    const [face, target] = await Promise.all([loaded(faceName), loaded(targetName)]);
    const targetMesh = target.meshes[Number(faceIndex ?? 0)];
    const result = { ...target.image, data: Uint8Array.from(target.image.data) };
    const started = performance.now();
    const alpha = swapFace(result, targetMesh, face.image, face.meshes[0], {
      removeTargetGlasses: wearsGlasses(target, targetMesh),
    });
    const ms = performance.now() - started;
    const seam = seamScore(target.image, result, alpha);
    const step = edgeStep(target.image, result, alpha);
    const size = `${target.image.width}×${target.image.height}`;
    const scores = `seam ${seam.toFixed(3)}, edge step ${step.toFixed(1)}`;
    console.log(`${faceName} → ${targetSpec}: ${scores}, swap ${ms.toFixed(0)} ms (${size})`);
    const left = (index % columns) * TILE;
    const top = Math.floor(index / columns) * TILE;
    tiles.push({ input: await crop(result, targetMesh, TILE), left, top });
    tiles.push({ input: await crop(face.image, face.meshes[0], INSET), left, top });
  }
  const file = `${output}${name}.png`;
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
}

if (positionals.length > 0) await sheet(values.name ?? 'sheet', positionals);
else for (const [name, pairs] of Object.entries(SHEETS)) await sheet(name, pairs);
