/**
 * How steady the expression judge's reading of one swap is: the pair swapped at full resolution and at
 * each working width given (a width at or above the face's own is full resolution), each result read by
 * face-api's expression net on the same box. A reading that flips between nearly equal widths (677 and
 * 670 px of a 678 px face) is the judge's noise on that pair, not something the working width loses. Each
 * result is read twice: once (as the quality figures did) and steadied (the mean over `STEADY_SHIFTS`'s
 * views, with the views' spread: how far one view's reading falls from that mean).
 *   npm run expression-stability -w inference [-- --pair portrait-11.jpg,bw-02.jpg] [--widths 256,670,677]
 */
import { parseArgs } from 'node:util';

import { loadInferenceConfig } from '../src/config.js';
import { swapOptionsFor } from '../src/pipeline.js';
import { swapFace } from '../src/swap/face-swap.js';
import { EXPRESSIONS, expressionDistance, judgeFace, type JudgeReading } from '../test/face-api-judge.js';
import { analysedPhoto } from '../test/swap-quality.js';

const { values } = parseArgs({
  options: {
    pair: { type: 'string', default: 'portrait-11.jpg,bw-02.jpg' },
    widths: { type: 'string', default: '256,384,512,600,640,660,670,677' },
    face: { type: 'string', default: '0' },
  },
});
const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });
const [faceName, targetName] = values.pair.split(',');
const face = await analysedPhoto(faceName, config, true);
const target = await analysedPhoto(targetName, config, true);
const chosen = target.faces[Number(values.face)];
const [faceReading, templateReading] = [face.readings[0], target.readings[Number(values.face)]];
const show = (v: Float32Array) => EXPRESSIONS.map((name, i) => `${name} ${v[i].toFixed(2)}`).join(' ');
const spread = (r: JudgeReading) => `views' spread ${r.steady!.expressionSpread.toFixed(2)}`;
console.log(
  `face photo  ${show(faceReading.expressions)}   steadied ${show(faceReading.steady!.expressions)}, ${spread(faceReading)}`,
);
console.log(
  `template    ${show(templateReading.expressions)}   steadied ${show(templateReading.steady!.expressions)}, ${spread(templateReading)}   (face ${chosen.quality.width.toFixed(0)} px)`,
);
// Each reading against the template's and the face photo's of the same kind: single or steadied.
const verdict = (result: Float32Array, template: Float32Array, photo: Float32Array) => {
  const [toTemplate, toFace] = [expressionDistance(result, template), expressionDistance(result, photo)];
  return `L1 to template ${toTemplate.toFixed(2)}, to face photo ${toFace.toFixed(2)}: ${toTemplate < toFace ? 'kept' : 'lost'}`;
};
for (const width of [0, ...values.widths.split(',').map(Number)]) {
  const result = { ...target.image, data: Uint8Array.from(target.image.data) };
  const options = { ...swapOptionsFor(chosen, config), workingWidth: width };
  swapFace(result, chosen.mesh, face.image, face.faces[0].mesh, options);
  const reading = await judgeFace(result, chosen.box, true);
  const label = (width ? `width ${width}` : 'full').padEnd(11);
  console.log(
    `${label} single   ${show(reading.expressions)}   ${verdict(reading.expressions, templateReading.expressions, faceReading.expressions)}`,
  );
  console.log(
    `${''.padEnd(11)} steadied ${show(reading.steady!.expressions)}   ${verdict(reading.steady!.expressions, templateReading.steady!.expressions, faceReading.steady!.expressions)}; ${spread(reading)}`,
  );
}
