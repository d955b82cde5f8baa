import {
  DEFAULT_FACE_SIZE_RATIO,
  defaultFaceIndex,
  type FaceAnalysisRecord,
  type FaceBox,
  type FaceChoice,
  type GenerationJobProgress,
  type GenerationStage,
} from '@mememint/contracts';

import {
  detectImageFaces,
  meshImageFaces,
  storedImageFaces,
  toFaceBox,
  type ImageFace,
} from './analysis/face-analysis.js';
import { drawCaption } from './caption/caption.js';
import type { PipelineConfig } from './config.js';
import { FaceTooSmallInTargetError, NoFaceError, NoSuchFaceError } from './errors.js';
import { decodeImage } from './image/decode.js';
import { encodeJpeg, encodeResult } from './image/encode.js';
import { encodeFaceMask, faceMask } from './swap/face-mask.js';
import { swapFace, type SwapOptions } from './swap/face-swap.js';

export interface SwapRequest {
  /** The player's face photo: JPEG bytes. */
  face: Uint8Array;
  /** The photo the face goes into: JPEG, PNG or WEBP bytes. */
  target: Uint8Array;
  /** Caption; a newline splits top and bottom text. */
  text?: string;
  /**
   * Which faces of the target to replace: the default face (`'largest'`, the default: `defaultFaceIndex`),
   * every face, or indices (largest first).
   */
  faces?: FaceChoice;
  /**
   * The stored analyses of the two images, when there are any: used when they describe these bytes with
   * the current models (no detection or landmarks then); otherwise the images are analysed here.
   */
  analyses?: { face?: FaceAnalysisRecord | null; target?: FaceAnalysisRecord | null };
  /** Also return the result without its caption (`plain`), for drawing another caption later. */
  keepPlain?: boolean;
  /** Also return the swapped faces' mask (`mask`), for cutting out face stickers later. */
  keepMask?: boolean;
}

export interface SwapResult {
  /** The result, JPEG, the target's size. */
  image: Buffer;
  /** At most 512 px on its longest side, WEBP. */
  thumbnail: Buffer;
  /** The result before its caption, JPEG (with `keepPlain`). */
  plain?: Buffer;
  /** The swapped faces' mask, a greyscale PNG the result's size (with `keepMask`; see `faceMask`). */
  mask?: Buffer;
  width: number;
  height: number;
  /** The target's faces that were replaced, in target pixels (hairline to chin). */
  faces: FaceBox[];
  /** Their indices in the target's face list (largest first), in `faces`' order. */
  faceIndexes: number[];
  /** Which stored analyses were used. */
  cached: { face: boolean; target: boolean };
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

/**
 * The target's faces to replace, from its face list (largest first), with their indices in it: the
 * default face (`defaultFaceIndex`: the largest, or of faces nearly its size the most frontal and
 * sharpest), every face, or the chosen indices. A chosen face narrower than the configured minimum is a
 * typed failure; with `all`, such faces are left out unless none is left.
 */
export function chooseTargetFaces(
  faces: ImageFace[],
  choice: FaceChoice,
  minWidth: number,
): { face: ImageFace; index: number }[] {
  if (faces.length === 0) throw new NoFaceError('target');
  const wide = (face: ImageFace) => face.quality.width >= minWidth;
  if (choice === 'all') {
    const swappable = faces.map((face, index) => ({ face, index })).filter(({ face }) => wide(face));
    if (swappable.length === 0) throw new FaceTooSmallInTargetError(faces[0].quality.width, minWidth);
    return swappable;
  }
  const indexes = choice === 'largest' ? [defaultFaceIndex(faces)] : [...new Set(choice)];
  const chosen = indexes.map((index) => {
    if (!Number.isInteger(index) || index < 0 || index >= faces.length) {
      throw new NoSuchFaceError(index, faces.length);
    }
    return { face: faces[index], index };
  });
  const small = chosen.find(({ face }) => !wide(face));
  if (small) throw new FaceTooSmallInTargetError(small.face.quality.width, minWidth);
  return chosen;
}

/**
 * The detected faces a default choice needs meshed: the largest and, up to the last of them, the faces
 * of nearly its size (one of which may be the default face). A prefix, so indices stay the list's.
 */
function defaultCandidates<T extends { box: { width: number } }>(found: T[]): T[] {
  const widest = Math.max(...found.map(({ box }) => box.width));
  let last = 0;
  found.forEach(({ box }, index) => {
    if (box.width >= DEFAULT_FACE_SIZE_RATIO * widest) last = index;
  });
  return found.slice(0, last + 1);
}

/**
 * How a face is swapped into a target face: a target's glasses are removed (the face photo's own, if any,
 * come with its face; keeping the target's left broken rims and much of its identity).
 */
export function swapOptionsFor(target: ImageFace, config: PipelineConfig): SwapOptions {
  return {
    removeTargetGlasses: target.quality.glasses >= config.faceCheck.glassesEvidence,
    workingWidth: config.swapWorkingWidth,
  };
}

/**
 * The whole generation: decode → detect → landmarks → swap → caption → encode, detection and landmarks
 * skipped for an image with a usable stored analysis. Typed errors: NoFaceError (naming the input),
 * UnsupportedImageError, ImageTooLargeError, FaceTooSmallInTargetError, NoSuchFaceError.
 */
export async function runSwap(
  request: SwapRequest,
  config: PipelineConfig,
  onProgress?: ProgressListener,
): Promise<SwapResult> {
  const timings: Record<string, number> = {};
  const limits = { maxBytes: config.maxImageBytes, maxPixels: config.maxImagePixels };
  const choice = request.faces ?? 'largest';

  const [face, target] = await stage('decode', timings, onProgress, () =>
    Promise.all([
      decodeImage(request.face, { ...limits, jpegOnly: true }),
      decodeImage(request.target, { ...limits, jpegOnly: false }),
    ]),
  );
  const [storedFace, storedTarget] = await Promise.all([
    storedImageFaces(request.analyses?.face, request.face),
    storedImageFaces(request.analyses?.target, request.target),
  ]);

  const [faceFound, targetFound] = await stage('detect', timings, onProgress, async () => {
    const inFace = storedFace ? [] : await detectImageFaces(face, config, false);
    // Indices point into the full face list: find every face for them, as an analysis does.
    const inTarget = storedTarget ? [] : await detectImageFaces(target, config, choice !== 'largest');
    return [inFace, inTarget];
  });
  if (!storedFace && faceFound.length === 0) throw new NoFaceError('face');
  if (!storedTarget && targetFound.length === 0) throw new NoFaceError('target');

  const { source, targets } = await stage('landmarks', timings, onProgress, async () => {
    const [sourceFace] = storedFace ?? (await meshImageFaces(face, faceFound.slice(0, 1), config));
    const targetFaces =
      storedTarget ??
      (await meshImageFaces(
        target,
        choice === 'largest' ? defaultCandidates(targetFound) : targetFound,
        config,
      ));
    return { source: sourceFace, targets: chooseTargetFaces(targetFaces, choice, config.minTargetFaceWidth) };
  });
  if (!source) throw new NoFaceError('face');

  await stage('swap', timings, onProgress, () => {
    for (const { face: chosen } of targets) {
      swapFace(target, chosen.mesh, face, source.mesh, swapOptionsFor(chosen, config));
    }
  });

  let plain: Buffer | undefined;
  if (request.text?.trim()) {
    await stage('caption', timings, onProgress, async () => {
      // Encoded before the caption goes into the pixels (without a caption it is the result itself).
      if (request.keepPlain) plain = await encodeJpeg(target);
      await drawCaption(target, request.text ?? '');
    });
  }

  const [encoded, mask] = await stage('encode', timings, onProgress, () =>
    Promise.all([
      encodeResult(target),
      request.keepMask
        ? encodeFaceMask(
            faceMask(
              targets.map(({ face: chosen }) => chosen.mesh),
              target.width,
              target.height,
            ),
            target.width,
            target.height,
          )
        : undefined,
    ]),
  );
  return {
    ...encoded,
    ...(request.keepPlain ? { plain: plain ?? encoded.image } : {}),
    ...(mask ? { mask } : {}),
    width: target.width,
    height: target.height,
    faces: targets.map(({ face: chosen }) => chosen.box),
    faceIndexes: targets.map(({ index }) => index),
    cached: { face: storedFace !== null, target: storedTarget !== null },
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
  return (await detectImageFaces(image, config, true)).map(toFaceBox);
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
