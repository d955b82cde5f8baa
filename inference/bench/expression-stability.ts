/**
 * How steady the expression judge's reading of one swap is: the pair swapped at full resolution and at
 * each working width given (a width at or above the face's own is full resolution), each result read by
 * face-api's expression net on the same box. A reading that flips between nearly equal widths (677 and
 * 670 px of a 678 px face) is the judge's noise on that pair, not something the working width loses.
 *   npm run expression-stability -w inference [-- --pair portrait-11.jpg,bw-02.jpg] [--widths 256,670,677]
 */
import { parseArgs } from 'node:util';

import { loadInferenceConfig } from '../src/config.js';
import { swapOptionsFor } from '../src/pipeline.js';
import { swapFace } from '../src/swap/face-swap.js';
import { EXPRESSIONS, expressionDistance, judgeFace } from '../test/face-api-judge.js';
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
const face = await analysedPhoto(faceName, config);
const target = await analysedPhoto(targetName, config);
const chosen = target.faces[Number(values.face)];
const [ofFace, ofTemplate] = [face.readings[0].expressions, target.readings[Number(values.face)].expressions];
const show = (v: Float32Array) => EXPRESSIONS.map((name, i) => `${name} ${v[i].toFixed(2)}`).join(' ');
console.log(`face photo  ${show(ofFace)}`);
console.log(`template    ${show(ofTemplate)}   (face ${chosen.quality.width.toFixed(0)} px)`);
for (const width of [0, ...values.widths.split(',').map(Number)]) {
  const result = { ...target.image, data: Uint8Array.from(target.image.data) };
  const options = { ...swapOptionsFor(chosen, config), workingWidth: width };
  swapFace(result, chosen.mesh, face.image, face.faces[0].mesh, options);
  const { expressions } = await judgeFace(result, chosen.box);
  const [toTemplate, toFace] = [
    expressionDistance(expressions, ofTemplate),
    expressionDistance(expressions, ofFace),
  ];
  console.log(
    `${(width ? `width ${width}` : 'full').padEnd(11)} ${show(expressions)}   L1 to template ${toTemplate.toFixed(2)}, to face photo ${toFace.toFixed(2)}: ${toTemplate < toFace ? 'kept' : 'lost'}`,
  );
}
