/**
 * Measured swap quality on the labelled photos (see test/swap-quality.ts): every face photo that passes
 * the face check × every face found in the labelled pictures, judged by faceres and by face-api (another
 * family). Prints each pair and the figures of the tuning and held-out sets (testdata/faces/sets.json).
 *   npm run quality -w inference [-- --faces portrait-07.jpg,tilted-01.jpg] [--targets bw-02.jpg]
 *     [--set tuning|heldOut] [--quiet]
 * then the animated swaps' jitter and flicker on the test clips (bench/animation-quality.ts);
 *   [--animation] runs only those, [--stills] only the stills', [--clips pan,roll] [--seconds 2] choose the clips.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';

import { loadInferenceConfig } from '../src/config.js';
import type { TestClipName } from '../test/test-clips.js';
import { photoSet } from '../test/labelled-photos.js';
import { describe, labelledSet, measurePair, summarise, type PairQuality } from '../test/swap-quality.js';
import { runAnimationQuality } from './animation-quality.js';

const { values } = parseArgs({
  options: {
    faces: { type: 'string' },
    targets: { type: 'string' },
    set: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    animation: { type: 'boolean', default: false },
    stills: { type: 'boolean', default: false },
    clips: { type: 'string' },
    seconds: { type: 'string', default: '2' },
  },
});
const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });
if (values.animation) {
  await runAnimationQuality(
    config,
    values.clips?.split(',') as TestClipName[] | undefined,
    Number(values.seconds),
  );
  process.exit(0);
}
const started = performance.now();
const onlyTargets = values.targets?.split(',');
const only = values.faces?.split(',');
// Only the photos the run needs are analysed (the judges take about a second a face).
const { facePhotos, targets } = await labelledSet(
  config,
  (name) =>
    (!values.set || photoSet(name) === values.set) &&
    (!onlyTargets || onlyTargets.includes(name) || (only?.includes(name) ?? false)),
  true,
);
const faces = only ? facePhotos.filter((photo) => only.includes(photo.name)) : facePhotos;
const pairs: PairQuality[] = [];
for (const face of faces)
  for (const target of targets) {
    if (target.name === face.name || (onlyTargets && !onlyTargets.includes(target.name))) continue;
    for (let index = 0; index < target.faces.length; index++) {
      if (target.faces[index].quality.width < config.minTargetFaceWidth) continue;
      const pair = await measurePair(face, target, index, config);
      pairs.push(pair);
      if (!values.quiet)
        console.log(
          `${pair.face.padEnd(16)} → ${`${pair.target}#${pair.targetFace}`.padEnd(20)} ${pair.width.toFixed(0).padStart(4)} px${pair.hard ? ' hard' : ''} ${pair.set ?? '-'}  ` +
            `face ${pair.toFace.toFixed(3)} target ${pair.toTarget.toFixed(3)}  judge ${pair.judgeToFace.toFixed(2)}/${pair.judgeToTarget.toFixed(2)}  ` +
            `expr ${pair.expressionApart.toFixed(2)}: ${pair.expressionToTemplate.toFixed(2)}/${pair.expressionToFace.toFixed(2)}  ` +
            `steadied judge ${pair.steady!.judgeToFace.toFixed(2)}/${pair.steady!.judgeToTarget.toFixed(2)} expr ${pair.steady!.expressionApart.toFixed(2)}: ${pair.steady!.expressionToTemplate.toFixed(2)}/${pair.steady!.expressionToFace.toFixed(2)}  ` +
            `chroma ${pair.colour.chromaExcess.toFixed(1)}/${pair.colour.chromaP95Excess.toFixed(1)} ΔL ${pair.colour.lightStep.toFixed(1)} contrast ${pair.colour.contrastRatio.toFixed(2)} eyes ${pair.colour.eyeMismatch.toFixed(1)}  ` +
            `seam ${pair.seam.toFixed(2).padStart(6)}  centre ${pair.centreChange.toFixed(1).padStart(5)}  outside ${pair.changedOutside}  ${pair.ms.toFixed(0)} ms`,
        );
    }
  }
console.log(
  `\n${faces.length} face photos × ${targets.reduce((n, t) => n + t.faces.length, 0)} target faces, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores (load ${os.loadavg()[0].toFixed(1)})`,
);
for (const [set, title] of [
  ['tuning', 'TUNING SET'],
  ['heldOut', 'HELD-OUT SET'],
] as const) {
  const inSet = pairs.filter((pair) => pair.set === set);
  const required = inSet.filter((pair) => !pair.hard);
  console.log(`\n${title}`);
  console.log(describe('required (target faces not labelled hard)', summarise(required)));
  console.log(describe('of which under 80 px', summarise(required.filter((pair) => pair.width < 80))));
  console.log(describe('all, hard target faces too', summarise(inSet)));
}
console.log('');
console.log(describe('every pair (across the sets too), hard faces too', summarise(pairs)));
const mean = (list: number[]) => list.reduce((sum, v) => sum + v, 0) / Math.max(1, list.length);
console.log(`swap time: mean ${mean(pairs.map((p) => p.ms)).toFixed(0)} ms`);
if (!values.stills)
  await runAnimationQuality(
    config,
    values.clips?.split(',') as TestClipName[] | undefined,
    Number(values.seconds),
  );
