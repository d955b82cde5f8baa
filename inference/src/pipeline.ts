import type { FaceBox, GenerationJobProgress, GenerationStage } from '@mememint/contracts';

import { drawCaption } from './caption/caption.js';
import type { InferenceConfig } from './config.js';
import { locateFaces } from './detect/face-detector.js';
import { NoFaceError } from './errors.js';
import { decodeImage } from './image/decode.js';
import { encodeJpeg, encodeResult } from './image/encode.js';
import { detectMeshes } from './landmarks/face-mesh.js';
import { swapFaceInto } from './swap/face-swap.js';
import type { DetectedFace, FaceMesh, RgbImage } from './types.js';

export interface SwapRequest {
  /** The player's face photo: JPEG bytes. */
  face: Uint8Array;
  /** The photo the face goes into: JPEG, PNG or WEBP bytes. */
  target: Uint8Array;
  /** Caption; a newline splits top and bottom text. */
  text?: string;
  /** Replace the largest face of the target (default) or every face. */
  faces?: 'largest' | 'all';
  /** Also return the result without its caption (`plain`), for drawing another caption later. */
  keepPlain?: boolean;
}

export interface SwapResult {
  /** The result, JPEG, the target's size. */
  image: Buffer;
  /** At most 512 px on its longest side, WEBP. */
  thumbnail: Buffer;
  /** The result before its caption, JPEG (with `keepPlain`). */
  plain?: Buffer;
  width: number;
  height: number;
  /** The target's faces that were replaced, in target pixels (hairline to chin). */
  faces: FaceBox[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

export type ProgressListener = (progress: GenerationJobProgress) => void | Promise<void>;

/** Progress (0–100) reported as each stage starts. */
export const STAGE_PROGRESS: Partial<Record<GenerationStage, number>> = {
  decode: 5,
  detect: 15,
  landmarks: 30,
  swap: 45,
  caption: 70,
  encode: 80,
  store: 95,
  done: 100,
};

/** The mesh model's own face flag: below this it sees no face in the crop. */
const MIN_MESH_SCORE = 0.2;

export type PipelineConfig = Pick<
  InferenceConfig,
  'device' | 'intraOpThreads' | 'maxImageBytes' | 'maxImagePixels'
>;

function area(face: DetectedFace): number {
  return face.box.width * face.box.height;
}

function toFaceBox(face: DetectedFace): FaceBox {
  const { x, y, width, height } = face.box;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    x: round(x),
    y: round(y),
    width: round(width),
    height: round(height),
    score: round(face.score * 100) / 100,
  };
}

/** Runs `work` as a named stage: reports its start, records its duration. */
async function stage<T>(
  name: GenerationStage,
  timings: Record<string, number>,
  onProgress: ProgressListener | undefined,
  work: () => T | Promise<T>,
): Promise<T> {
  await onProgress?.({ stage: name, progress: STAGE_PROGRESS[name] ?? 0 });
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round((performance.now() - started) * 10) / 10;
  }
}

/** Detection then landmarks for the faces to use; faces the mesh model rejects are dropped. */
async function facesWithMeshes(
  image: RgbImage,
  faces: DetectedFace[],
  config: PipelineConfig,
): Promise<{ face: DetectedFace; mesh: FaceMesh }[]> {
  const meshes = await detectMeshes(image, faces, config);
  return faces
    .map((face, i) => ({ face, mesh: meshes[i] }))
    .filter(({ mesh }) => mesh.faceScore >= MIN_MESH_SCORE);
}

/**
 * The whole generation: decode → detect → landmarks → swap → caption → encode. Typed errors: NoFaceError
 * (naming the input), UnsupportedImageError, ImageTooLargeError.
 */
export async function runSwap(
  request: SwapRequest,
  config: PipelineConfig,
  onProgress?: ProgressListener,
): Promise<SwapResult> {
  const timings: Record<string, number> = {};
  const limits = { maxBytes: config.maxImageBytes, maxPixels: config.maxImagePixels };
  const every = request.faces === 'all';

  const [face, target] = await stage('decode', timings, onProgress, () =>
    Promise.all([
      decodeImage(request.face, { ...limits, jpegOnly: true }),
      decodeImage(request.target, { ...limits, jpegOnly: false }),
    ]),
  );

  const [faceFound, targetFound] = await stage('detect', timings, onProgress, async () => {
    const inFace = await locateFaces(face, config);
    const inTarget = await locateFaces(target, config, { exhaustive: every });
    return [inFace, inTarget];
  });
  if (faceFound.length === 0) throw new NoFaceError('face');
  if (targetFound.length === 0) throw new NoFaceError('target');

  const { source, targets } = await stage('landmarks', timings, onProgress, async () => {
    const largestFirst = (faces: DetectedFace[]) => [...faces].sort((a, b) => area(b) - area(a));
    const [sourceFace] = await facesWithMeshes(face, largestFirst(faceFound).slice(0, 1), config);
    const chosen = every ? largestFirst(targetFound) : largestFirst(targetFound).slice(0, 1);
    return { source: sourceFace, targets: await facesWithMeshes(target, chosen, config) };
  });
  if (!source) throw new NoFaceError('face');
  if (targets.length === 0) throw new NoFaceError('target');

  await stage('swap', timings, onProgress, () => {
    for (const { mesh } of targets) swapFaceInto(target, mesh, face, source.mesh);
  });

  let plain: Buffer | undefined;
  if (request.text?.trim()) {
    await stage('caption', timings, onProgress, async () => {
      // Encoded before the caption goes into the pixels (without a caption it is the result itself).
      if (request.keepPlain) plain = await encodeJpeg(target);
      await drawCaption(target, request.text ?? '');
    });
  }

  const encoded = await stage('encode', timings, onProgress, () => encodeResult(target));
  return {
    ...encoded,
    ...(request.keepPlain ? { plain: plain ?? encoded.image } : {}),
    width: target.width,
    height: target.height,
    faces: targets.map(({ face: detected }) => toFaceBox(detected)),
    timings,
  };
}

/**
 * Every face in an image (tiles included, so small faces count), for checking an uploaded template: decodes
 * with the same limits, accepts JPEG, PNG and WEBP.
 */
export async function findFaces(buffer: Uint8Array, config: PipelineConfig): Promise<FaceBox[]> {
  const image = await decodeImage(buffer, {
    maxBytes: config.maxImageBytes,
    maxPixels: config.maxImagePixels,
    jpegOnly: false,
  });
  return (await locateFaces(image, config, { exhaustive: true })).map(toFaceBox);
}

export interface CaptionResult {
  /** JPEG, the source's size. */
  image: Buffer;
  /** At most 512 px on its longest side, WEBP. */
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** Draws a caption on a caption-less result (none for an empty text) and encodes it like a swap's. */
export async function runCaption(
  source: Uint8Array,
  text: string,
  config: PipelineConfig,
): Promise<CaptionResult> {
  const image = await decodeImage(source, {
    maxBytes: config.maxImageBytes,
    maxPixels: config.maxImagePixels,
    jpegOnly: false,
  });
  if (text.trim()) await drawCaption(image, text);
  return { ...(await encodeResult(image)), width: image.width, height: image.height };
}
