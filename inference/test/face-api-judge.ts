/**
 * A second judge of the swap, of another family than the swap's own models: @vladmandic/face-api's
 * nets from its npm package (MIT), on TF.js's WebAssembly backend (shipped in @tensorflow/tfjs-backend-wasm;
 * no native download): its SSD MobileNet v1 finds the face near where ours did, its 68-point landmarks
 * align it, and on the aligned crop its ResNet-34 recognition net (dlib's metric: the same person below a
 * Euclidean distance of 0.6) and its 7-class expression net give their readings. Test and bench code only.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

import type * as FaceApi from '@vladmandic/face-api';

import type { RgbImage } from '../src/types.js';

const require = createRequire(import.meta.url);

/** dlib's published threshold for its ResNet-34 metric: two faces nearer than this are the same person. */
export const SAME_PERSON_DISTANCE = 0.6;
/** The expression net's classes, in the order of `JudgeReading.expressions`. */
export const EXPRESSIONS = ['neutral', 'happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised'] as const;

export interface JudgeReading {
  /** The recognition net's 128 floats. */
  descriptor: Float32Array;
  /** The expression net's probabilities, in `EXPRESSIONS` order (they sum to 1). */
  expressions: Float32Array;
  /** The judge's own detector found the face (false: our box was used instead). */
  detected: boolean;
}

export interface FaceBoxLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

let loading: Promise<typeof FaceApi> | undefined;

/** face-api with its nets loaded, once per process. */
export function faceApi(): Promise<typeof FaceApi> {
  loading ??= (async () => {
    // The Node build for the WebAssembly backend: pure TF.js plus the backend's own .wasm files.
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
    // The same TF.js instance face-api required (its typings leave out the backend calls).
    const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs');
    await tf.setBackend('wasm');
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await api.nets.ssdMobilenetv1.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    await api.nets.faceRecognitionNet.loadFromDisk(models);
    await api.nets.faceExpressionNet.loadFromDisk(models);
    return api;
  })();
  return loading;
}

/** The square window round `box` (grown `grow` times), clipped to the image, as an int32 tensor. */
function windowAround(api: typeof FaceApi, image: RgbImage, box: FaceBoxLike, grow: number) {
  const side = Math.max(box.width, box.height) * grow;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x = Math.max(0, Math.floor(cx - side / 2));
  const y = Math.max(0, Math.floor(cy - side / 2));
  const width = Math.min(image.width, Math.ceil(cx + side / 2)) - x;
  const height = Math.min(image.height, Math.ceil(cy + side / 2)) - y;
  const data = new Int32Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 3;
    for (let k = 0; k < width * 3; k++) data[row * width * 3 + k] = image.data[from + k];
  }
  return { x, y, tensor: api.tf.tensor3d(data, [height, width, 3], 'int32') };
}

/**
 * The judge's reading of the face at `box` in `image` (our detector's box: the judge looks for its own face
 * in a window twice that size and takes the detection nearest the box's centre; where it finds none, the
 * box itself is aligned by the judge's landmarks).
 */
export async function judgeFace(image: RgbImage, box: FaceBoxLike): Promise<JudgeReading> {
  const api = await faceApi();
  const { x, y, tensor } = windowAround(api, image, box, 2);
  try {
    const options = new api.SsdMobilenetv1Options({ minConfidence: 0.3 });
    const detections = await api.nets.ssdMobilenetv1.locateFaces(tensor, options);
    const cx = box.x + box.width / 2 - x;
    const cy = box.y + box.height / 2 - y;
    const distance = (d: FaceApi.FaceDetection) =>
      Math.hypot(d.box.x + d.box.width / 2 - cx, d.box.y + d.box.height / 2 - cy);
    const near = detections
      .filter((d) => distance(d) < Math.max(box.width, box.height) / 2)
      .sort((a, b) => distance(a) - distance(b))[0];
    const faceBox = near
      ? near.box
      : new api.Box({ x: box.x - x, y: box.y - y, width: box.width, height: box.height });
    const [faceCrop] = await api.extractFaceTensors(tensor, [faceBox]);
    const landmarks = (await api.nets.faceLandmark68Net.detectLandmarks(faceCrop)) as FaceApi.FaceLandmarks68;
    faceCrop.dispose();
    const shifted = landmarks.shiftBy<FaceApi.FaceLandmarks68>(faceBox.x, faceBox.y);
    // As face-api's own chains do: dlib's alignment for the descriptor, its default one for expressions.
    const [forDescriptor] = await api.extractFaceTensors(tensor, [
      shifted.align(null, { useDlibAlignment: true }),
    ]);
    const [forExpression] = await api.extractFaceTensors(tensor, [shifted.align()]);
    const descriptor = (await api.nets.faceRecognitionNet.computeFaceDescriptor(
      forDescriptor,
    )) as Float32Array;
    const predicted = (await api.nets.faceExpressionNet.predictExpressions(
      forExpression,
    )) as FaceApi.FaceExpressions;
    forDescriptor.dispose();
    forExpression.dispose();
    const expressions = Float32Array.from(EXPRESSIONS, (name) => predicted[name]);
    return { descriptor, expressions, detected: Boolean(near) };
  } finally {
    tensor.dispose();
  }
}

/** dlib's metric: Euclidean distance between two descriptors. */
export function judgeDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/** L1 distance between two expression vectors (0..2). */
export function expressionDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum;
}

/**
 * The judge's 68 landmarks (x, y pairs in image pixels) of the face in the square window round `box`
 * (grown `grow` times): no detection, so the same box gives the same window in two images (a template's
 * frame and the result's) and their landmarks can be compared point by point.
 */
export async function judgeLandmarks(image: RgbImage, box: FaceBoxLike, grow = 1.2): Promise<Float32Array> {
  const api = await faceApi();
  const { x, y, tensor } = windowAround(api, image, box, grow);
  try {
    const landmarks = (await api.nets.faceLandmark68Net.detectLandmarks(tensor)) as FaceApi.FaceLandmarks68;
    const points = landmarks.shiftBy<FaceApi.FaceLandmarks68>(x, y).positions;
    return Float32Array.from(points.flatMap((p) => [p.x, p.y]));
  } finally {
    tensor.dispose();
  }
}
