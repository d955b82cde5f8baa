/**
 * The labelled real photos the tests run on: the project's own `<repo>/testdata/faces` (labels.json,
 * README.md, LICENSES.md). Every inference test reads them through this file.
 */
import { readFileSync } from 'node:fs';

import { locateFaces } from '../src/detect/face-detector.js';
import { decodeImage } from '../src/image/decode.js';
import { detectMesh } from '../src/landmarks/face-mesh.js';
import type { SessionOptions } from '../src/models/onnx-session.js';
import type { DetectedFace, FaceMesh, RgbImage } from '../src/types.js';

export const PHOTOS = new URL('../../testdata/faces/', import.meta.url);

/** One face as labelled: box [x, y, width, height] (hairline to chin) and eye centres, image-left eye first. */
export interface LabelledFace {
  box: [number, number, number, number];
  eyes: [[number, number], [number, number]];
  /** A face a frontal detector may miss: reported if found, not required. */
  hard: boolean;
  /** At least one eye is hidden or closed and its centre estimated. */
  eyesApproximate?: boolean;
}

/** Per photo file name, its labelled faces (none for a photo without a face). */
export const labels: Record<string, { faces: LabelledFace[] }> = JSON.parse(
  readFileSync(new URL('labels.json', PHOTOS), 'utf8'),
);
/** Every labelled photo (labels.json's `_conventions` entry is not one). */
export const photoNames = Object.keys(labels).filter((name) => !name.startsWith('_'));

/** Tuning photos (the swap is tuned on them) and held-out ones (reported, never tuned on): sets.json. */
export type PhotoSet = 'tuning' | 'heldOut';
const sets: Record<PhotoSet, string[]> = JSON.parse(readFileSync(new URL('sets.json', PHOTOS), 'utf8'));

export function photoSet(name: string): PhotoSet {
  if (sets.tuning.includes(name)) return 'tuning';
  if (sets.heldOut.includes(name)) return 'heldOut';
  throw new Error(`${name} is in neither set of testdata/faces/sets.json`);
}

export function photoBytes(name: string): Buffer {
  return readFileSync(new URL(name, PHOTOS));
}

/** A photo decoded as the pipeline decodes it, with limits no test photo reaches. */
export function decodePhoto(name: string): Promise<RgbImage> {
  return decodeImage(photoBytes(name), { maxBytes: 50_000_000, maxPixels: 50_000_000, jpegOnly: false });
}

/** The label as the detection the landmark stage receives: its box, and its eyes as the first keypoints. */
export function labelledFace({ box: [x, y, width, height], eyes }: LabelledFace): DetectedFace {
  // Labels list the image-left eye first, which is the subject's right eye: BlazeFace's keypoint order.
  return { box: { x, y, width, height }, score: 1, keypoints: eyes.map(([ex, ey]) => ({ x: ex, y: ey })) };
}

/** The mesh of the image's largest detected face (the face a swap uses). */
export async function largestFaceMesh(image: RgbImage, session: SessionOptions): Promise<FaceMesh> {
  const faces = await locateFaces(image, session);
  const largest = faces.reduce((a, b) => (b.box.width * b.box.height > a.box.width * a.box.height ? b : a));
  return detectMesh(image, largest, session);
}
