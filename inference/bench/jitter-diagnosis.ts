/**
 * Where an animated swap's jitter comes from (issue 24), per test clip: the judge's (face-api 68) motion
 * gap split by landmark group, into the whole face's mean motion gap (the pasted face lagging or slipping)
 * and the rest (its shape read differently frame to frame), and our smoothed mesh's own motion against the
 * judge's reading of the template.
 * With TRUTH_DX (the pan's true motion, -1.5306 px a frame at 2 s, 25 fps) it also prints how far the
 * judge's reading of the template's and of the result's motion is from the truth.
 * STEADY=1 reads the judge's landmarks steadied (each window's `STEADY_SHIFTS` views averaged too).
 *   [VERBOSE=1] [TRUTH_DX=-1.5306] [STEADY=1] node --import tsx bench/jitter-diagnosis.ts [pan crossing ...]
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { analyseAnimation, inTempFolder } from '../src/animation/animation-analysis.js';
import { runAnimationSwap } from '../src/animation/animation-swap.js';
import { decodeTrackMesh, meshBox } from '../src/animation/face-tracks.js';
import { readFrames } from '../src/animation/ffmpeg.js';
import { loadInferenceConfig } from '../src/config.js';
import type { Box, RgbImage } from '../src/types.js';
import { judgeLandmarkViews, meanReading } from '../test/face-api-judge.js';
import { writeTestClip, type TestClipName } from '../test/test-clips.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });
const GROUPS: Record<string, number[]> = {
  jaw: range(0, 17),
  brows: range(17, 27),
  nose: range(27, 36),
  eyes: range(36, 48),
  mouth: range(48, 68),
};
function range(a: number, b: number) {
  return Array.from({ length: b - a }, (_, i) => a + i);
}
const WINDOWS = [1.15, 1.25, 1.35];
async function landmarksIn(image: RgbImage, box: Box): Promise<Float32Array> {
  const views: Float32Array[] = [];
  for (const grow of WINDOWS)
    views.push(...(await judgeLandmarkViews(image, box, grow, Boolean(process.env.STEADY))));
  return meanReading(views);
}
async function allFrames(file: string, w: number, h: number) {
  const frames: RgbImage[] = [];
  await readFrames(file, w, h, (f) => void frames.push(f));
  return frames;
}
const face = await readFile(new URL('../../testdata/faces/portrait-04.jpg', import.meta.url));
const clips = (
  process.argv.slice(2).length ? process.argv.slice(2) : ['pan', 'crossing', 'leave-return']
) as TestClipName[];
for (const clip of clips) {
  await inTempFolder(async (folder) => {
    const file = await writeTestClip(clip, folder, 'mp4', { width: 480, fps: 25, seconds: 2 });
    const analysed = await analyseAnimation(await readFile(file), config);
    const { record } = analysed;
    const result = await runAnimationSwap(
      { face, video: analysed.video, record, text: '', faces: 'all' },
      config,
    );
    await writeFile(path.join(folder, 'r.mp4'), result.video);
    await writeFile(path.join(folder, 't.mp4'), analysed.video);
    const template = await allFrames(path.join(folder, 't.mp4'), record.width, record.height);
    const swapped = await allFrames(path.join(folder, 'r.mp4'), record.width, record.height);
    const sums: Record<string, number> = { all: 0, translation: 0, shape: 0, meshVsJudge: 0, rawVsJudge: 0 };
    for (const g of Object.keys(GROUPS)) sums[g] = 0;
    let pairs = 0;
    const lines: string[] = [];
    for (const [ti, track] of record.tracks.entries()) {
      const smooth = result.tracks[ti]!.meshes;
      for (let i = 1; i < Math.min(template.length, swapped.length); i++) {
        const mesh = decodeTrackMesh(track.meshes[i]);
        const meshBefore = decodeTrackMesh(track.meshes[i - 1]);
        if (!mesh || !meshBefore) continue;
        const box = meshBox(mesh);
        const [t, r, tb, rb] = [
          await landmarksIn(template[i]!, box),
          await landmarksIn(swapped[i]!, box),
          await landmarksIn(template[i - 1]!, box),
          await landmarksIn(swapped[i - 1]!, box),
        ];
        const gx: number[] = [];
        const gy: number[] = [];
        let all = 0;
        for (let k = 0; k < 68; k++) {
          gx.push(r[2 * k]! - rb[2 * k]! - (t[2 * k]! - tb[2 * k]!));
          gy.push(r[2 * k + 1]! - rb[2 * k + 1]! - (t[2 * k + 1]! - tb[2 * k + 1]!));
          all += Math.hypot(gx[k]!, gy[k]!) / 68;
        }
        const mx = gx.reduce((a, b) => a + b) / 68;
        const my = gy.reduce((a, b) => a + b) / 68;
        let shape = 0;
        for (let k = 0; k < 68; k++) shape += Math.hypot(gx[k]! - mx, gy[k]! - my) / 68;
        for (const [g, idx] of Object.entries(GROUPS))
          sums[g]! += idx.reduce((s, k) => s + Math.hypot(gx[k]!, gy[k]!), 0) / idx.length;
        // Our meshes' mean motion against the judge's mean motion on the template.
        const mean = (p: Float32Array, axis: number, step: number) => {
          let s = 0;
          for (let k = axis; k < p.length; k += step) s += p[k]!;
          return s / (p.length / step);
        };
        const tmx = mean(t, 0, 2) - mean(tb, 0, 2);
        const tmy = mean(t, 1, 2) - mean(tb, 1, 2);
        const s1 = decodeTrackMesh(smooth[i]);
        const s0 = decodeTrackMesh(smooth[i - 1]);
        const step = mesh.points.length / 468 === 3 ? 3 : 2;
        const smx = s1 && s0 ? mean(s1.points, 0, step) - mean(s0.points, 0, step) : NaN;
        const smy = s1 && s0 ? mean(s1.points, 1, step) - mean(s0.points, 1, step) : NaN;
        const rmx = mean(mesh.points, 0, step) - mean(meshBefore.points, 0, step);
        const rmy = mean(mesh.points, 1, step) - mean(meshBefore.points, 1, step);
        const truth = Number(process.env.TRUTH_DX ?? NaN);
        let tTruth = 0;
        let rTruth = 0;
        for (let k = 0; k < 68; k++) {
          tTruth += Math.hypot(t[2 * k]! - tb[2 * k]! - truth, t[2 * k + 1]! - tb[2 * k + 1]!) / 68;
          rTruth += Math.hypot(r[2 * k]! - rb[2 * k]! - truth, r[2 * k + 1]! - rb[2 * k + 1]!) / 68;
        }
        sums.templateVsTruth = (sums.templateVsTruth ?? 0) + tTruth;
        sums.resultVsTruth = (sums.resultVsTruth ?? 0) + rTruth;
        sums.all! += all;
        sums.translation! += Math.hypot(mx, my);
        sums.shape! += shape;
        sums.meshVsJudge! += Math.hypot(smx - tmx, smy - tmy);
        sums.rawVsJudge! += Math.hypot(rmx - tmx, rmy - tmy);
        pairs++;
        if (process.env.VERBOSE)
          lines.push(
            `  t${ti} f${i} gap ${all.toFixed(2)} mean (${mx.toFixed(2)},${my.toFixed(2)}) shape ${shape.toFixed(2)} judgeT (${tmx.toFixed(2)},${tmy.toFixed(2)}) smooth (${smx.toFixed(2)},${smy.toFixed(2)}) raw (${rmx.toFixed(2)},${rmy.toFixed(2)})`,
          );
      }
    }
    const f = (k: string) => `${k} ${(sums[k]! / pairs).toFixed(2)}`;
    console.log(
      `${clip} ${pairs} pairs: ${['all', 'translation', 'shape', ...Object.keys(GROUPS), 'meshVsJudge', 'rawVsJudge', 'templateVsTruth', 'resultVsTruth'].map(f).join(', ')} (load ${os.loadavg()[0].toFixed(1)})`,
    );
    if (lines.length) console.log(lines.join('\n'));
  });
}
