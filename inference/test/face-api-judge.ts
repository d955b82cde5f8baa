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
  /** The same two readings averaged over the `STEADY_SHIFTS` views, when asked for (see `judgeFace`). */
  steady?: SteadyReading;
}

export interface SteadyReading {
  descriptor: Float32Array;
  expressions: Float32Array;
  /** The largest distance (L1; dlib's metric) of one view's reading from the views' mean. */
  expressionSpread: number;
  descriptorSpread: number;
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
 * The fixed small perturbations a steadied reading averages over, the same for every image judged (face photo,
 * template, result): the net's input crop moved by one of the net's own input pixels (its inputs are 112 px
 * for landmarks and expressions, 150 px for identity) up, down, left and right, and each of those five crops
 * mirrored. A single reading of face-api's nets moves by more than the swap's differences under such
 * imperceptible changes (docs/MODELS.md, "Steadier judges"); the mean over these ten does not favour any
 * image, so the comparisons stay symmetric.
 */
export const STEADY_SHIFTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const VIEWS = STEADY_SHIFTS.flatMap(([dx, dy]) => [false, true].map((mirror) => ({ dx, dy, mirror })));

/** dlib's 68 points' left-right counterparts (jaw, brows, nose, eyes, lips), for a mirrored crop's landmarks. */
export const MIRRORED_LANDMARK = (() => {
  const pairs: [number, number][] = [];
  const reversed = (from: number, to: number) => {
    for (let i = from, j = to; i < j; i++, j--) pairs.push([i, j]);
  };
  reversed(0, 16);
  reversed(17, 26);
  reversed(31, 35);
  reversed(48, 54);
  reversed(55, 59);
  reversed(60, 64);
  reversed(65, 67);
  pairs.push([36, 45], [37, 44], [38, 43], [39, 42], [40, 47], [41, 46]);
  const map = Array.from({ length: 68 }, (_, i) => i);
  for (const [a, b] of pairs) [map[a], map[b]] = [b, a];
  return map;
})();

type Tensor3D = FaceApi.tf.Tensor3D;

/** `image` flipped left to right, by TF.js's own op on face-api's instance (its typings leave the op out). */
function mirrored(api: typeof FaceApi, image: Tensor3D): Tensor3D {
  const ops = api.tf as unknown as { reverse(x: Tensor3D, axis: number): Tensor3D };
  return ops.reverse(image, 1);
}
interface RectLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * `rect` moved by (dx, dy) of the net's input pixels, in whole image pixels (at least one), so that the crop
 * (`extractFaceTensors` floors it) is the unmoved crop's pixels moved, not resampled.
 */
function movedRect(api: typeof FaceApi, rect: RectLike, dx: number, dy: number, netSize: number) {
  const step = (d: number) =>
    d === 0 ? 0 : Math.sign(d) * Math.max(1, Math.round((Math.abs(d) * rect.width) / netSize));
  return new api.Rect(rect.x + step(dx), rect.y + step(dy), rect.width, rect.height);
}

/** Each view's crop of `rect` in `image` (mirrored where the view says), passed to `read`, then disposed. */
async function readViews<T>(
  api: typeof FaceApi,
  image: Tensor3D,
  rect: RectLike,
  netSize: number,
  steady: boolean,
  read: (crop: Tensor3D, view: (typeof VIEWS)[number], moved: FaceApi.Rect) => Promise<T>,
): Promise<T[]> {
  const readings: T[] = [];
  for (const view of steady ? VIEWS : VIEWS.slice(0, 1)) {
    const moved = movedRect(api, rect, view.dx, view.dy, netSize);
    const [crop] = await api.extractFaceTensors(image, [moved]);
    const input = view.mirror ? mirrored(api, crop) : crop;
    try {
      readings.push(await read(input as Tensor3D, view, moved));
    } finally {
      crop.dispose();
      if (input !== crop) input.dispose();
    }
  }
  return readings;
}

/**
 * The landmark net's 68 points (x, y pairs) on `crop`, un-mirrored and placed at `origin` (as face-api's
 * chain places them: at the crop box's own corner).
 */
async function cropLandmarks(
  api: typeof FaceApi,
  crop: Tensor3D,
  mirror: boolean,
  origin: { x: number; y: number },
): Promise<Float32Array> {
  const { positions } = (await api.nets.faceLandmark68Net.detectLandmarks(crop)) as FaceApi.FaceLandmarks68;
  const points = new Float32Array(136);
  for (let i = 0; i < 68; i++) {
    const p = positions[mirror ? MIRRORED_LANDMARK[i] : i];
    points[i * 2] = origin.x + (mirror ? crop.shape[1] - p.x : p.x);
    points[i * 2 + 1] = origin.y + p.y;
  }
  return points;
}

/** face-api's landmarks object for points in `image`'s pixels (its constructor takes them relative to the image). */
function landmarksObject(api: typeof FaceApi, points: Float32Array, image: Tensor3D) {
  const [height, width] = image.shape;
  const relative = Array.from(
    { length: 68 },
    (_, i) => new api.Point(points[i * 2] / width, points[i * 2 + 1] / height),
  );
  return new api.FaceLandmarks68(relative, { width, height });
}

/** The identity and expression nets on the face aligned by `landmarks`: one view, or the mean of all. */
async function readAligned(
  api: typeof FaceApi,
  image: Tensor3D,
  landmarks: FaceApi.FaceLandmarks68,
  steady: boolean,
): Promise<SteadyReading> {
  // As face-api's own chains do: dlib's alignment for the descriptor, its default one for expressions.
  const forDescriptor = landmarks.align(null, { useDlibAlignment: true });
  const forExpression = landmarks.align();
  const views = steady ? VIEWS : VIEWS.slice(0, 1);
  const descriptors: Float32Array[] = [];
  const expressions: Float32Array[] = [];
  for (const view of views) {
    for (const [rect, netSize, descriptor] of [
      [forDescriptor, 150, true],
      [forExpression, 112, false],
    ] as const) {
      const [crop] = await api.extractFaceTensors(image, [movedRect(api, rect, view.dx, view.dy, netSize)]);
      const input = view.mirror ? mirrored(api, crop) : crop;
      if (descriptor)
        descriptors.push((await api.nets.faceRecognitionNet.computeFaceDescriptor(input)) as Float32Array);
      else {
        const predicted = (await api.nets.faceExpressionNet.predictExpressions(
          input,
        )) as FaceApi.FaceExpressions;
        expressions.push(Float32Array.from(EXPRESSIONS, (name) => predicted[name]));
      }
      crop.dispose();
      if (input !== crop) input.dispose();
    }
  }
  const descriptor = meanReading(descriptors);
  const expression = meanReading(expressions);
  return {
    descriptor,
    expressions: expression,
    // How far the views' single readings fall from their mean: the judge's own noise on this image.
    expressionSpread: Math.max(...expressions.map((v) => expressionDistance(v, expression))),
    descriptorSpread: Math.max(...descriptors.map((v) => judgeDistance(v, descriptor))),
  };
}

/**
 * The judge's reading of the face at `box` in `image` (our detector's box: the judge looks for its own face
 * in a window twice that size and takes the detection nearest the box's centre; where it finds none, the
 * box itself is aligned by the judge's landmarks). With `steady`, also the same reading averaged over the
 * `STEADY_SHIFTS` views of each net's input crop (landmarks first, so the alignment is steadied too; about
 * ten times the CPU, so the quality script asks for it and the CI subsamples do not).
 */
export async function judgeFace(image: RgbImage, box: FaceBoxLike, steady = false): Promise<JudgeReading> {
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
    const faceBox = near ? near.box : { x: box.x - x, y: box.y - y, width: box.width, height: box.height };
    const landmarks = await readViews(api, tensor, faceBox, 112, steady, (crop, view, moved) =>
      cropLandmarks(api, crop, view.mirror, moved),
    );
    const { descriptor, expressions } = await readAligned(
      api,
      tensor,
      landmarksObject(api, landmarks[0], tensor),
      false,
    );
    const steadied = steady
      ? await readAligned(api, tensor, landmarksObject(api, meanReading(landmarks), tensor), true)
      : undefined;
    return { descriptor, expressions, detected: Boolean(near), steady: steadied };
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
 * frame and the result's) and their landmarks can be compared point by point. One reading per view of
 * `STEADY_SHIFTS` (the window moved by one of the net's 112 input pixels, and mirrored), the unmoved,
 * unmirrored window's first; with `steady` false only that one.
 */
export async function judgeLandmarkViews(
  image: RgbImage,
  box: FaceBoxLike,
  grow = 1.2,
  steady = true,
): Promise<Float32Array[]> {
  const api = await faceApi();
  const step = Math.max(1, Math.round((Math.max(box.width, box.height) * grow) / 112));
  const readings: Float32Array[] = [];
  for (const view of steady ? VIEWS : VIEWS.slice(0, 1)) {
    const moved = { ...box, x: box.x + view.dx * step, y: box.y + view.dy * step };
    const { x, y, tensor } = windowAround(api, image, moved, grow);
    const input = view.mirror ? mirrored(api, tensor) : tensor;
    try {
      readings.push(await cropLandmarks(api, input, view.mirror, { x, y }));
    } finally {
      tensor.dispose();
      if (input !== tensor) input.dispose();
    }
  }
  return readings;
}

/** The judge's landmarks in one window round `box` (`judgeLandmarkViews`' single reading). */
export async function judgeLandmarks(image: RgbImage, box: FaceBoxLike, grow = 1.2): Promise<Float32Array> {
  const [points] = await judgeLandmarkViews(image, box, grow, false);
  return points;
}

/** The mean of several readings (landmarks, descriptors, expression vectors). */
export function meanReading(list: Float32Array[]): Float32Array {
  const sum = new Float32Array(list[0].length);
  for (const item of list) for (let i = 0; i < sum.length; i++) sum[i] += item[i] / list.length;
  return sum;
}
