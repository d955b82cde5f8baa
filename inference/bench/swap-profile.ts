/**
 * Swap profile: the cached path only (stored analyses of both photos), every labelled target at 1024 px,
 * for `node --cpu-prof`. Prints the swap stage's wall time per target and the CPU per swap.
 *   node --cpu-prof --cpu-prof-dir /tmp/prof --import tsx bench/swap-profile.ts [--rounds 2]
 */
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { analyseImage } from '../src/analysis/face-analysis.js';
import { loadInferenceConfig } from '../src/config.js';
import { decodeImage } from '../src/image/decode.js';
import { encodeResult } from '../src/image/encode.js';
import { runSwap, swapOptionsFor } from '../src/pipeline.js';
import { storedImageFaces } from '../src/analysis/face-analysis.js';
import { swapFace } from '../src/swap/face-swap.js';
import { labels, photoBytes, photoNames } from '../test/labelled-photos.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    face: { type: 'string', default: 'portrait-07.jpg' },
    only: { type: 'string' },
    pipeline: { type: 'boolean', default: false },
    // Working widths to compare, interleaved per target (e.g. 100000,256): CPU per width.
    widths: { type: 'string' },
  },
});
const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });
const resize = (name: string) =>
  sharp(photoBytes(name)).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
const names = photoNames.filter(
  (name) =>
    name.endsWith('.jpg') && labels[name].faces.length > 0 && (!values.only || name.includes(values.only)),
);
const face = await resize(values.face ?? 'portrait-07.jpg');
const faceAnalysis = (await analyseImage(face, 'face', config)).record;
const targets = [];
for (const name of names) {
  const bytes = await resize(name);
  targets.push({ name, bytes, analysis: (await analyseImage(bytes, 'template', config)).record });
}
const rows: Record<string, number[]> = {};
const cpu: number[] = [];
for (let round = 0; round < (values.pipeline ? Number(values.rounds) : 0); round++) {
  for (const target of targets) {
    const before = process.cpuUsage();
    try {
      const result = await runSwap(
        { face, target: target.bytes, analyses: { face: faceAnalysis, target: target.analysis } },
        config,
      );
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      (rows[target.name] ??= []).push(result.timings.swap, result.timings.encode);
    } catch {
      (rows[target.name] ??= []).push(NaN);
    }
  }
}
// The swap stage alone: its CPU per target (the stage runs on the main thread only).
const limits = { maxBytes: 1e8, maxPixels: 1e8 };
const faceImage = await decodeImage(face, { ...limits, jpegOnly: true });
const [faceMesh] = (await storedImageFaces(faceAnalysis, face)) ?? [];
const swapCpu: Record<string, number[]> = {};
// Other threads' CPU during the swap (the garbage collector's helpers).
const helperCpu: number[] = [];
const widths = values.widths?.split(',').map(Number) ?? [undefined];
const byWidth = new Map<number | undefined, number[]>(widths.map((w) => [w, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  for (const target of targets) {
    for (const workingWidth of widths) {
      const image = await decodeImage(target.bytes, { ...limits, jpegOnly: false });
      const [chosen] = (await storedImageFaces(target.analysis, target.bytes)) ?? [];
      if (!chosen || !faceMesh) continue;
      const before = process.cpuUsage();
      const beforeThread = process.threadCpuUsage();
      swapFace(image, chosen.mesh, faceImage, faceMesh.mesh, {
        ...swapOptionsFor(chosen, config),
        workingWidth,
      });
      const used = process.cpuUsage(before);
      const thread = process.threadCpuUsage(beforeThread);
      const ms = (used.user + used.system) / 1000;
      (swapCpu[target.name] ??= []).push(ms);
      if (round > 0) byWidth.get(workingWidth)?.push(ms);
      helperCpu.push((used.user + used.system - thread.user - thread.system) / 1000);
    }
  }
}
if (values.widths)
  for (const [width, list] of byWidth) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `working width ${width}: swap stage CPU p50 ${sorted[sorted.length >> 1]?.toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)} ms, mean ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(1)} ms (rounds after the first)`,
    );
  }
const all = Object.values(swapCpu)
  .flat()
  .sort((a, b) => a - b);
for (const [name, list] of Object.entries(swapCpu))
  console.log('swap cpu', name.padEnd(24), list.map((v) => v.toFixed(0)).join(' '));
console.log(
  `swap stage CPU p50 ${all[all.length >> 1].toFixed(1)} ms, p95 ${all[Math.floor(all.length * 0.95)].toFixed(1)} ms, mean ${(all.reduce((a, b) => a + b, 0) / all.length).toFixed(1)} ms`,
);
console.log(
  `of which other threads (GC helpers) mean ${(helperCpu.reduce((a, b) => a + b, 0) / helperCpu.length).toFixed(1)} ms`,
);
// The pipeline's CPU outside the swap stage: both decodes and the encode.
const codec: number[] = [];
for (const target of targets) {
  const before = process.cpuUsage();
  await decodeImage(face, { ...limits, jpegOnly: true });
  await encodeResult(await decodeImage(target.bytes, { ...limits, jpegOnly: false }));
  const used = process.cpuUsage(before);
  codec.push((used.user + used.system) / 1000);
}
codec.sort((a, b) => a - b);
console.log(`decode both + encode CPU p50 ${codec[codec.length >> 1].toFixed(1)} ms`);
for (const [name, list] of Object.entries(rows))
  console.log(name.padEnd(24), list.map((v) => v.toFixed(0)).join(' '));
const sorted = [...cpu].sort((a, b) => a - b);
if (sorted.length)
  console.log(`CPU per swap p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms over ${cpu.length}`);
