/**
 * The NSFW classifier: our ONNX conversion of nsfwjs's graph against nsfwjs's own runtime (pure-JS
 * TF.js), a test image found by gradient search that the defaults refuse, and no labelled photo refused.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { isNsfw, NSFW_CLASSES, NSFW_DEFAULT_THRESHOLDS, type NsfwScores } from '@mememint/contracts';
import * as tf from '@tensorflow/tfjs';
import sharp from 'sharp';

import { readNsfwjsArtifacts } from '../../tools/nsfwjs-package.js';
import { decodePhoto, photoBytes, photoNames } from '../../test/labelled-photos.js';
import { nsfwProbeImage } from '../../test/nsfw-probe-image.js';
import { ensureModels } from '../models/model-paths.js';
import { classifyNsfwTensor, NSFW_INPUT_SIZE, nsfwInput } from './nsfw-classifier.js';
import { classifyEncoded } from './nsfw-screen.js';

const config = {
  device: 'cpu',
  intraOpThreads: 2,
  maxImageBytes: 20 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  faceCheck: { minWidth: 0, maxYaw: 0, minSharpness: 0, minBrightness: 0, glassesEvidence: 0 },
  minTargetFaceWidth: 0,
  swapWorkingWidth: 0,
} as const;
const explicit = (scores: NsfwScores) => scores.porn + scores.hentai;

/** nsfwjs's model as nsfwjs loads it (`tf.loadGraphModel`), on TF.js's pure-JS CPU backend. */
async function loadReference(): Promise<tf.GraphModel> {
  const { json, weights } = await readNsfwjsArtifacts();
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights) as tf.io.WeightsManifestEntry[],
      weightData: new Uint8Array(weights).buffer,
      signature: json.signature,
    }),
  );
}

function seededInput(seed: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: NSFW_INPUT_SIZE * NSFW_INPUT_SIZE * 3 }, () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  });
}

describe('the NSFW classifier', { concurrency: 1 }, () => {
  before(() => ensureModels());

  it('gives the scores TF.js gives with nsfwjs own weights, within 1e-5', async (t) => {
    await tf.setBackend('cpu');
    const model = await loadReference();
    const inputs = [seededInput(1), seededInput(7), await nsfwInput(await decodePhoto('portrait-07.jpg'))];
    let largest = 0;
    for (const input of inputs) {
      const output = model.execute(tf.tensor4d(input, [1, NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 3])) as tf.Tensor;
      const reference = await output.data();
      tf.dispose(output);
      const scores = await classifyNsfwTensor(input, config);
      NSFW_CLASSES.forEach((name, i) => {
        largest = Math.max(largest, Math.abs(scores[name] - reference[i]));
      });
    }
    model.dispose();
    t.diagnostic(`largest difference ${largest.toExponential(2)}`);
    assert.ok(largest < 1e-5, `largest difference ${largest}`);
  });

  it('refuses the image gradient search makes explicit, at the default thresholds, even re-encoded', async (t) => {
    const probe = await nsfwProbeImage({ seed: 25 });
    t.diagnostic(`probe: ${probe.steps} steps, TF.js explicit ${probe.explicit.toFixed(4)}`);
    // The backend stores uploads re-encoded at JPEG quality 90; the worker screens those bytes.
    const stored = await sharp(probe.jpeg).jpeg({ quality: 90 }).toBuffer();
    for (const bytes of [probe.jpeg, stored]) {
      const scores = await classifyEncoded(bytes, 'face', config);
      t.diagnostic(`ONNX explicit ${explicit(scores).toFixed(4)}`);
      assert.ok(isNsfw(scores, NSFW_DEFAULT_THRESHOLDS), JSON.stringify(scores));
    }
  });

  it('refuses none of the labelled photos at the default thresholds', async (t) => {
    assert.ok(photoNames.length >= 20);
    for (const name of photoNames) {
      const scores = await classifyEncoded(photoBytes(name), 'template', config);
      t.diagnostic(`${name}: explicit ${explicit(scores).toFixed(4)}, sexy ${scores.sexy.toFixed(4)}`);
      assert.equal(isNsfw(scores, NSFW_DEFAULT_THRESHOLDS), false, `${name} ${JSON.stringify(scores)}`);
    }
  });
});
