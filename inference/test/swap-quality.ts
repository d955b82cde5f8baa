/**
 * Measured swap quality on the labelled photos: every face photo that passes the face check swapped into
 * every face the analysis finds in the labelled pictures. Shared by the CI test (a subsample, floors) and
 * `npm run quality -w inference` (the whole set, figures for docs/PERFORMANCE.md).
 */
import type { FaceBox } from '@mememint/contracts';

import { analyseImage, storedImageFaces, type ImageFace } from '../src/analysis/face-analysis.js';
import { checkFace } from '../src/analysis/face-check.js';
import type { PipelineConfig } from '../src/config.js';
import { descriptorSimilarity, faceDescriptor } from '../src/descriptor/face-descriptor.js';
import { decodeImage } from '../src/image/decode.js';
import { swapFace } from '../src/swap/face-swap.js';
import { destinationPoints } from '../src/swap/placement.js';
import { fillPolygon } from '../src/swap/mask.js';
import type { BlendCoverage } from '../src/swap/seam.js';
import { swapOptionsFor } from '../src/pipeline.js';
import type { RgbImage } from '../src/types.js';
import { colourFigures, eyeDifference, isMonochrome, type ColourFigures } from './colour-figures.js';
import { expressionDistance, judgeDistance, judgeFace, type JudgeReading } from './face-api-judge.js';
import { labels, photoBytes, photoNames, photoSet, type PhotoSet } from './labelled-photos.js';

export interface AnalysedPhoto {
  name: string;
  image: RgbImage;
  faces: ImageFace[];
  descriptors: Float32Array[];
  /** Per face: labelled `hard` (or not labelled at all): reported, not required. */
  hard: boolean[];
  /** Per face: the second judge's reading (face-api: identity and expression). */
  readings: JudgeReading[];
  /** Grayscale or toned in one hue (see `isMonochrome`). */
  monochrome: boolean;
  /** ΔE between the largest face's two eyes (see `eyeDifference`). */
  eyeDifference: number;
  set: PhotoSet;
}

function iou(a: FaceBox, [x, y, width, height]: [number, number, number, number]): number {
  const left = Math.max(a.x, x);
  const top = Math.max(a.y, y);
  const right = Math.min(a.x + a.width, x + width);
  const bottom = Math.min(a.y + a.height, y + height);
  const overlap = Math.max(0, right - left) * Math.max(0, bottom - top);
  return overlap / (a.width * a.height + width * height - overlap);
}

/**
 * A labelled photo decoded and analysed as the worker does (every face, largest first); `steady`: the judge's
 * steadied readings too (`judgeFace`).
 */
export async function analysedPhoto(
  name: string,
  config: PipelineConfig,
  steady = false,
): Promise<AnalysedPhoto> {
  const bytes = photoBytes(name);
  const { record } = await analyseImage(bytes, 'template', config);
  const image = await decodeImage(bytes, { maxBytes: 5e7, maxPixels: 5e7, jpegOnly: false });
  const faces = (await storedImageFaces(record, bytes)) ?? [];
  const descriptors = await Promise.all(faces.map((face) => faceDescriptor(image, face.mesh, config)));
  const hard = faces.map((face) => {
    const label = labels[name].faces.find((labelled) => iou(face.box, labelled.box) >= 0.3);
    return label?.hard ?? true;
  });
  const readings: JudgeReading[] = [];
  for (const face of faces) readings.push(await judgeFace(image, face.box, steady));
  return {
    name,
    image,
    faces,
    descriptors,
    hard,
    readings,
    monochrome: isMonochrome(image),
    eyeDifference: faces.length ? eyeDifference(image, faces[0].mesh.points) : 0,
    set: photoSet(name),
  };
}

/** The labelled photos: which may serve as face photos (JPEG, face check passed) and every one with a face. */
export async function labelledSet(
  config: PipelineConfig,
  only: (name: string) => boolean = () => true,
  steady = false,
): Promise<{
  facePhotos: AnalysedPhoto[];
  targets: AnalysedPhoto[];
}> {
  const photos: AnalysedPhoto[] = [];
  for (const name of photoNames.filter(only)) photos.push(await analysedPhoto(name, config, steady));
  const withFaces = photos.filter((photo) => photo.faces.length > 0);
  return {
    facePhotos: withFaces.filter(
      (photo) => photo.name.endsWith('.jpg') && checkFace(photo.faces, config.faceCheck).passed,
    ),
    targets: withFaces,
  };
}

export interface PairQuality {
  face: string;
  target: string;
  targetFace: number;
  /** The target face's width in pixels. */
  width: number;
  /** The target face is labelled hard (full profile, heavily turned, tiny with goggles) or not labelled. */
  hard: boolean;
  /** Tuning or held-out: the set of both photos (a pair across the sets is in neither). */
  set: PhotoSet | null;
  /** faceres similarity of the swapped face to the face photo's face and to the target's original face. */
  toFace: number;
  toTarget: number;
  /** The second judge's distance (dlib's metric) of the swapped face to the face photo's and the target's. */
  judgeToFace: number;
  judgeToTarget: number;
  /** The judge found the swapped face with its own detector. */
  judgeDetected: boolean;
  /** Expression vectors' L1 distances: face photo to template, result to template, result to face photo. */
  expressionApart: number;
  expressionToTemplate: number;
  expressionToFace: number;
  /** The five judge figures above from face-api's steadied readings (`JudgeReading.steady`) of all three faces. */
  steady?: {
    judgeToFace: number;
    judgeToTarget: number;
    expressionApart: number;
    expressionToTemplate: number;
    expressionToFace: number;
  };
  colour: ColourFigures;
  /** Pixels changed outside the blend's mask (must be 0). */
  changedOutside: number;
  /**
   * Seam: mean colour step (RGB gradient magnitude) on the mask's border ring less the mean of the rings
   * one ring-width inside and outside, in the result minus the same in the original (levels; ~0 = no seam).
   */
  seam: number;
  /** Mean |luma change| over the face's centre (eyes to mouth). */
  centreChange: number;
  /** Swap time (ms). */
  ms: number;
}

function luma(data: Uint8Array, p: number): number {
  return 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
}

/** Chamfer (3-4) distance to the nearest pixel where `inside` differs, in pixels, over a w×h window. */
function distanceToBorder(inside: Uint8Array, width: number, height: number): Float32Array {
  const far = 1e9;
  const distance = new Float32Array(width * height);
  const pass = (value: number) => {
    // Distance to the nearest pixel whose `inside` is not `value`.
    const d = new Float32Array(width * height);
    for (let k = 0; k < d.length; k++) d[k] = inside[k] === value ? far : 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const k = y * width + x;
        if (x > 0) d[k] = Math.min(d[k], d[k - 1] + 3);
        if (y > 0) {
          d[k] = Math.min(d[k], d[k - width] + 3);
          if (x > 0) d[k] = Math.min(d[k], d[k - width - 1] + 4);
          if (x + 1 < width) d[k] = Math.min(d[k], d[k - width + 1] + 4);
        }
      }
    for (let y = height - 1; y >= 0; y--)
      for (let x = width - 1; x >= 0; x--) {
        const k = y * width + x;
        if (x + 1 < width) d[k] = Math.min(d[k], d[k + 1] + 3);
        if (y + 1 < height) {
          d[k] = Math.min(d[k], d[k + width] + 3);
          if (x + 1 < width) d[k] = Math.min(d[k], d[k + width + 1] + 4);
          if (x > 0) d[k] = Math.min(d[k], d[k + width - 1] + 4);
        }
      }
    return d;
  };
  const toOutside = pass(1);
  const toInside = pass(0);
  for (let k = 0; k < distance.length; k++)
    distance[k] = inside[k] ? toOutside[k] / 3 - 0.5 : -(toInside[k] / 3 - 0.5);
  return distance;
}

/** The seam measure of `PairQuality.seam` for one swap's coverage. */
export function seamStep(
  before: RgbImage,
  after: RgbImage,
  coverage: BlendCoverage,
  faceWidth: number,
): number {
  const ring = Math.max(2, Math.round(0.04 * faceWidth));
  const { region, alpha } = coverage;
  // A window around the region, wide enough for the outer ring.
  const x0 = Math.max(1, region.x - ring - 3);
  const y0 = Math.max(1, region.y - ring - 3);
  const x1 = Math.min(before.width - 1, region.x + region.width + ring + 3);
  const y1 = Math.min(before.height - 1, region.y + region.height + ring + 3);
  const [width, height] = [x1 - x0, y1 - y0];
  const inside = new Uint8Array(width * height);
  for (let row = 0; row < region.height; row++)
    for (let col = 0; col < region.width; col++) {
      if (alpha[row * region.width + col] < 0.5) continue;
      const x = region.x + col - x0;
      const y = region.y + row - y0;
      if (x >= 0 && y >= 0 && x < width && y < height) inside[y * width + x] = 1;
    }
  const distance = distanceToBorder(inside, width, height);
  const step = (image: RgbImage, x: number, y: number) => {
    const p = (y * image.width + x) * 3;
    const row = image.width * 3;
    let sum = 0;
    for (let c = 0; c < 3; c++) {
      const dx = (image.data[p + 3 + c] - image.data[p - 3 + c]) / 2;
      const dy = (image.data[p + row + c] - image.data[p - row + c]) / 2;
      sum += dx * dx + dy * dy;
    }
    return Math.sqrt(sum / 3);
  };
  const sums = { before: [0, 0, 0], after: [0, 0, 0], count: [0, 0, 0] };
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const d = distance[y * width + x];
      const which =
        Math.abs(d) <= 1 ? 0 : d >= ring && d < ring + 1.5 ? 1 : d <= -ring && d > -ring - 1.5 ? 2 : -1;
      if (which < 0) continue;
      sums.before[which] += step(before, x0 + x, y0 + y);
      sums.after[which] += step(after, x0 + x, y0 + y);
      sums.count[which]++;
    }
  if (sums.count.some((n) => n === 0)) return 0;
  const excess = (values: number[]) =>
    values[0] / sums.count[0] - (values[1] / sums.count[1] + values[2] / sums.count[2]) / 2;
  return excess(sums.after) - excess(sums.before);
}

/** Each face photo into every face of every other target wide enough to be swapped, measured. */
export async function measurePairs(
  facePhotos: AnalysedPhoto[],
  targets: AnalysedPhoto[],
  config: PipelineConfig,
): Promise<PairQuality[]> {
  const pairs: PairQuality[] = [];
  for (const face of facePhotos)
    for (const target of targets) {
      if (target.name === face.name) continue;
      for (let index = 0; index < target.faces.length; index++) {
        if (target.faces[index].quality.width < config.minTargetFaceWidth) continue;
        pairs.push(await measurePair(face, target, index, config));
      }
    }
  return pairs;
}

/** Swaps one face photo into one target face and measures the result. */
export async function measurePair(
  face: AnalysedPhoto,
  target: AnalysedPhoto,
  targetFace: number,
  config: PipelineConfig,
): Promise<PairQuality> {
  const result = { ...target.image, data: Uint8Array.from(target.image.data) };
  const chosen = target.faces[targetFace];
  const started = performance.now();
  const options = swapOptionsFor(chosen, config);
  const coverage = swapFace(result, chosen.mesh, face.image, face.faces[0].mesh, options);
  const ms = performance.now() - started;
  const { region, alpha } = coverage;
  let changedOutside = 0;
  for (let y = 0, m = 0; y < result.height; y++)
    for (let x = 0; x < result.width; x++, m++) {
      const col = x - region.x;
      const row = y - region.y;
      const inRegion = col >= 0 && row >= 0 && col < region.width && row < region.height;
      if (inRegion && alpha[row * region.width + col] > 0) continue;
      const p = m * 3;
      if (
        result.data[p] !== target.image.data[p] ||
        result.data[p + 1] !== target.image.data[p + 1] ||
        result.data[p + 2] !== target.image.data[p + 2]
      )
        changedOutside++;
    }
  // The centre: eyes' outer corners to mouth corners.
  const points = chosen.mesh.points;
  const centre = fillPolygon(
    [33, 263, 291, 61].map((i) => ({ x: points[i * 3], y: points[i * 3 + 1] })),
    { x: 0, y: 0, width: result.width, height: result.height },
  );
  let [changed, pixels] = [0, 0];
  for (let m = 0; m < centre.length; m++) {
    if (!centre[m]) continue;
    changed += Math.abs(luma(result.data, m * 3) - luma(target.image.data, m * 3));
    pixels++;
  }
  // Judged on the target face's own crop in both, so only the pixels differ.
  const swapped = await faceDescriptor(result, chosen.mesh, config);
  const [faceReading, templateReading] = [face.readings[0], target.readings[targetFace]];
  // Steadied where the face photo's and the template's readings were.
  const judged = await judgeFace(result, chosen.box, Boolean(faceReading.steady && templateReading.steady));
  const [a, b, c] = [judged.steady, faceReading.steady, templateReading.steady];
  const dest = destinationPoints(chosen.mesh, face.faces[0].mesh);
  return {
    face: face.name,
    target: target.name,
    targetFace,
    width: chosen.quality.width,
    hard: target.hard[targetFace],
    set: face.set === target.set ? face.set : null,
    toFace: descriptorSimilarity(swapped, face.descriptors[0]),
    toTarget: descriptorSimilarity(swapped, target.descriptors[targetFace]),
    judgeToFace: judgeDistance(judged.descriptor, faceReading.descriptor),
    judgeToTarget: judgeDistance(judged.descriptor, templateReading.descriptor),
    judgeDetected: judged.detected,
    expressionApart: expressionDistance(faceReading.expressions, templateReading.expressions),
    expressionToTemplate: expressionDistance(judged.expressions, templateReading.expressions),
    expressionToFace: expressionDistance(judged.expressions, faceReading.expressions),
    steady: a &&
      b &&
      c && {
        judgeToFace: judgeDistance(a.descriptor, b.descriptor),
        judgeToTarget: judgeDistance(a.descriptor, c.descriptor),
        expressionApart: expressionDistance(b.expressions, c.expressions),
        expressionToTemplate: expressionDistance(a.expressions, c.expressions),
        expressionToFace: expressionDistance(a.expressions, b.expressions),
      },
    colour: colourFigures(target.image, result, coverage, target.monochrome, dest, face.eyeDifference),
    changedOutside,
    seam: seamStep(target.image, result, coverage, chosen.quality.width),
    centreChange: pixels > 0 ? changed / pixels : 0,
    ms,
  };
}

export { describe, summarise, type QualitySummary } from './quality-summary.js';
