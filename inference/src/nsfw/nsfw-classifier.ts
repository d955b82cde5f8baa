/**
 * The NSFW classifier: nsfwjs's MobileNetV2 "mid" graph (npm `nsfwjs`, MIT), converted to ONNX at
 * `npm run models` and run here on ONNX Runtime. Input: the whole image stretched to 224×224 RGB in 0..1
 * (as nsfwjs feeds it); output: five class probabilities. docs/MODELS.md has how it was checked.
 */
import { NSFW_CLASSES, type NsfwScores } from '@mememint/contracts';
import ort from 'onnxruntime-node';
import sharp from 'sharp';

import { ensureModels, modelPaths } from '../models/model-paths.js';
import { getSession, type SessionOptions } from '../models/onnx-session.js';
import type { RgbImage } from '../types.js';

/** The model's square input side. */
export const NSFW_INPUT_SIZE = 224;
const INPUT = 'input';
const OUTPUT = 'Identity';

/** Scores an NHWC [1, 224, 224, 3] tensor of RGB in 0..1 (the model's own input). */
export async function classifyNsfwTensor(input: Float32Array, options: SessionOptions): Promise<NsfwScores> {
  if (input.length !== NSFW_INPUT_SIZE * NSFW_INPUT_SIZE * 3)
    throw new Error(`the NSFW input is ${NSFW_INPUT_SIZE}×${NSFW_INPUT_SIZE}×3 floats`);
  await ensureModels();
  const session = await getSession(modelPaths.nsfw, options);
  const tensor = new ort.Tensor('float32', input, [1, NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 3]);
  const results = await session.run({ [INPUT]: tensor });
  const probabilities = results[OUTPUT].data as Float32Array;
  return Object.fromEntries(NSFW_CLASSES.map((name, i) => [name, probabilities[i]])) as NsfwScores;
}

/** The image stretched to the model's input (sharp's resize: area-averaged when shrinking), 0..1. */
export async function nsfwInput(image: RgbImage): Promise<Float32Array> {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const pixels =
    image.width === NSFW_INPUT_SIZE && image.height === NSFW_INPUT_SIZE
      ? image.data
      : await sharp(image.data, { raw })
          .resize(NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, { fit: 'fill' })
          .raw()
          .toBuffer();
  const input = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) input[i] = pixels[i] / 255;
  return input;
}

/**
 * Classifies one decoded image (a photo, a template, a generated result, or a video frame: the
 * animation queue calls this per frame and for the poster).
 */
export async function classifyNsfw(image: RgbImage, options: SessionOptions): Promise<NsfwScores> {
  return classifyNsfwTensor(await nsfwInput(image), options);
}
