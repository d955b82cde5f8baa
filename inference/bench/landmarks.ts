/**
 * `npm run bench:landmarks`: per-face time of the landmark stage (crop + facemesh) and of the descriptor on
 * the labelled photos, and detection + landmarks per photo. Prints p50/p95 in milliseconds.
 */
import os from 'node:os';

import { faceDescriptor } from '../src/descriptor/face-descriptor.js';
import { locateFaces } from '../src/detect/face-detector.js';
import { sampleAlignedCrop } from '../src/landmarks/aligned-crop.js';
import { detectionCrop, detectMesh, detectMeshes, MESH_INPUT_SIZE } from '../src/landmarks/face-mesh.js';
import { loadInferenceConfig } from '../src/config.js';
import { ensureModels } from '../src/models/model-paths.js';
import type { DetectedFace, RgbImage } from '../src/types.js';
import { decodePhoto, labelledFace, labels, photoNames } from '../test/labelled-photos.js';

const ROUNDS = 20;
const session = loadInferenceConfig();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function report(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
  console.log(
    `${name.padEnd(44)} p50 ${ms(percentile(sorted, 50))}   p95 ${ms(percentile(sorted, 95))}   min ${ms(sorted[0])}   (n=${samples.length})`,
  );
}

async function timed<T>(samples: number[], run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  const result = await run();
  samples.push(performance.now() - start);
  return result;
}

await ensureModels();
const inputs: Array<{ name: string; image: RgbImage; faces: DetectedFace[] }> = [];
for (const name of photoNames.filter((key) => key.endsWith('.jpg'))) {
  const faces = labels[name].faces.filter((face) => !face.hard).map(labelledFace);
  if (faces.length === 0) continue;
  inputs.push({ name, image: await decodePhoto(name), faces });
}

console.log(
  `${os.cpus()[0]?.model ?? 'CPU'}, ${os.availableParallelism()} cores, ORT threads ${session.intraOpThreads}, load average ${os.loadavg()[0].toFixed(1)}`,
);
// Warm-up: session creation and first-run allocations are not part of the per-face figures.
await detectMesh(inputs[0].image, inputs[0].faces[0], session);
await faceDescriptor(inputs[0].image, inputs[0].faces[0], session);

const crop: number[] = [];
const single: number[] = [];
const batched: number[] = [];
const descriptor: number[] = [];
const buffer = new Float32Array(MESH_INPUT_SIZE * MESH_INPUT_SIZE * 3);
for (let round = 0; round < ROUNDS; round++) {
  for (const { image, faces } of inputs) {
    for (const face of faces) {
      await timed(crop, () => sampleAlignedCrop(image, detectionCrop(face), MESH_INPUT_SIZE, buffer));
      const mesh = await timed(single, () => detectMesh(image, face, session));
      if (round < 3) await timed(descriptor, () => faceDescriptor(image, mesh, session));
    }
    if (faces.length > 1) {
      const start = performance.now();
      await detectMeshes(image, faces, session);
      batched.push((performance.now() - start) / faces.length);
    }
  }
}
report('crop 192 px (per face)', crop);
report('landmarks, one face per run (per face)', single);
report('landmarks, all faces of a photo in one run', batched);
report('descriptor from a mesh (per face)', descriptor);

// Detection (the other stage, as the pipeline runs it) followed by landmarks, per face found.
const detectAndMesh: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const { image } of inputs) {
    const start = performance.now();
    const faces = await locateFaces(image, session);
    if (faces.length === 0) continue;
    await detectMeshes(image, faces, session);
    detectAndMesh.push((performance.now() - start) / faces.length);
  }
}
report('detection + landmarks (per face found)', detectAndMesh);
