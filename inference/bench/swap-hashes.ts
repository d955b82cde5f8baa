/**
 * A hash of every swap of the labelled set (each face photo into each labelled face, result pixels and α):
 * a refactor that must not change the output (a mechanical split, a faster loop) prints the same TOTAL.
 *   npm run hashes -w inference > before.txt; (change); npm run hashes -w inference | diff before.txt -
 */
import { createHash } from 'node:crypto';

import { loadInferenceConfig } from '../src/config.js';
import { swapOptionsFor } from '../src/pipeline.js';
import { swapFace } from '../src/swap/face-swap.js';
import { labelledSet } from '../test/swap-quality.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });
const { facePhotos, targets } = await labelledSet(config);
const all = createHash('sha256');
let pairs = 0;
for (const face of facePhotos)
  for (const target of targets) {
    if (target.name === face.name) continue;
    for (let index = 0; index < target.faces.length; index++) {
      const result = { ...target.image, data: Uint8Array.from(target.image.data) };
      const chosen = target.faces[index];
      const options = swapOptionsFor(chosen, config);
      const coverage = swapFace(result, chosen.mesh, face.image, face.faces[0].mesh, options);
      const hash = createHash('sha256')
        .update(result.data)
        .update(new Uint8Array(coverage.alpha.buffer, coverage.alpha.byteOffset, coverage.alpha.byteLength))
        .digest('hex')
        .slice(0, 16);
      console.log(face.name, target.name, index, hash);
      all.update(hash);
      pairs++;
    }
  }
console.log('TOTAL', pairs, all.digest('hex'));
