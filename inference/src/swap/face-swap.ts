import Delaunator from 'delaunator';

import { FACE_OVAL, MOUTH_CORNERS } from '../landmarks/mesh-indices.js';
import type { FaceMesh, Point, RgbImage } from '../types.js';
import { channelStats, labToRgb, rgbToLab, transferStats } from './color-transfer.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import { regionAround, type Region } from './region.js';
import { applySimilarity, fitSimilarity } from './similarity.js';
import { warpPiecewiseAffine } from './warp.js';

const POINTS = 468;
/** Cheek points of the face oval: their distance is the face width. */
const CHEEKS = [234, 454] as const;
/** Feather: two box-blur passes of radius 3% of the face width each, about 6% in all. */
const FEATHER = 0.03;
/**
 * How far the inner landmarks (eyes, nose, mouth) follow the source face's proportions rather than the
 * target's: the outline stays the target's so the face fits its head.
 */
const SOURCE_SHAPE = 0.5;

const OVAL_SET = new Set<number>(FACE_OVAL);

function point(points: Float32Array, i: number): Point {
  return { x: points[i * 3], y: points[i * 3 + 1] };
}

/**
 * Where the source face's landmarks go: the target's mesh, with the inner landmarks moved part of the way
 * to the source's own layout (fitted onto the target by a least-squares similarity).
 */
function destinationPoints(targetMesh: FaceMesh, sourceMesh: FaceMesh): Float32Array {
  const fit = fitSimilarity(sourceMesh.points, targetMesh.points, POINTS);
  const dest = Float32Array.from(targetMesh.points);
  for (let i = 0; i < POINTS; i++) {
    if (OVAL_SET.has(i)) continue;
    const [x, y] = applySimilarity(fit, sourceMesh.points[i * 3], sourceMesh.points[i * 3 + 1]);
    dest[i * 3] += (x - dest[i * 3]) * SOURCE_SHAPE;
    dest[i * 3 + 1] += (y - dest[i * 3 + 1]) * SOURCE_SHAPE;
  }
  return dest;
}

/** Cosine between a mesh triangle's normal and the view direction, signed by its winding in the image. */
function facing(p: Float32Array, i: number, j: number, k: number): number {
  const ux = p[j * 3] - p[i * 3];
  const uy = p[j * 3 + 1] - p[i * 3 + 1];
  const uz = p[j * 3 + 2] - p[i * 3 + 2];
  const vx = p[k * 3] - p[i * 3];
  const vy = p[k * 3 + 1] - p[i * 3 + 1];
  const vz = p[k * 3 + 2] - p[i * 3 + 2];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  return length > 0 ? nz / length : 0;
}

/**
 * How well the source shows each landmark's neighbourhood, 0–1. A mesh triangle turned away from the camera
 * in the source (the far side of a turned head, often background at the silhouette) gets less weight than
 * in the target: full weight while it faces the camera at least 60% as squarely as in the target, none below
 * 30%. A vertex takes the mean of its triangles, interpolated across each triangle by the warp.
 */
function sourceVisibility(source: Float32Array, target: Float32Array, triangles: Uint32Array): Float32Array {
  const sums = new Float32Array(POINTS);
  const counts = new Float32Array(POINTS);
  for (let t = 0; t < triangles.length; t += 3) {
    const [i, j, k] = [triangles[t], triangles[t + 1], triangles[t + 2]];
    const targetFacing = facing(target, i, j, k);
    if (Math.abs(targetFacing) < 1e-3) continue;
    const ratio = facing(source, i, j, k) / targetFacing;
    const weight = Math.min(1, Math.max(0, (ratio - 0.3) / 0.3));
    for (const v of [i, j, k]) {
      sums[v] += weight;
      counts[v]++;
    }
  }
  return sums.map((sum, v) => (counts[v] > 0 ? sum / counts[v] : 1));
}

function triangulate(points: Float32Array): Uint32Array {
  const coords = new Float64Array(POINTS * 2);
  for (let i = 0; i < POINTS; i++) {
    coords[i * 2] = points[i * 3];
    coords[i * 2 + 1] = points[i * 3 + 1];
  }
  return new Delaunator(coords).triangles;
}

/**
 * Pixels whose colour statistics describe the skin: inside the mask's core, between the lower eyelids and
 * the mouth corners (cheeks and nose). Brows, eyes, glasses, lips and most beards stay out of the statistics.
 */
function skinPixels(
  dest: Float32Array,
  region: Region,
  mask: Float32Array,
  covered: Float32Array,
): Uint8Array {
  const side = (a: Point, b: Point, x: number, y: number) =>
    (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
  const eyeA = point(dest, 145);
  const eyeB = point(dest, 374);
  const mouthA = point(dest, MOUTH_CORNERS[0]);
  const mouthB = point(dest, MOUTH_CORNERS[1]);
  const chin = point(dest, 152);
  const forehead = point(dest, 10);
  const belowEyes = Math.sign(side(eyeA, eyeB, chin.x, chin.y));
  const aboveMouth = Math.sign(side(mouthA, mouthB, forehead.x, forehead.y));
  const select = new Uint8Array(covered.length);
  for (let row = 0, m = 0; row < region.height; row++) {
    const y = region.y + row + 0.5;
    for (let col = 0; col < region.width; col++, m++) {
      if (covered[m] < 0.5 || mask[m] < 0.5) continue;
      const x = region.x + col + 0.5;
      if (
        Math.sign(side(eyeA, eyeB, x, y)) === belowEyes &&
        Math.sign(side(mouthA, mouthB, x, y)) === aboveMouth
      ) {
        select[m] = 1;
      }
    }
  }
  return select;
}

/**
 * Swaps the source face into `image` (the target, changed in place) where `targetMesh` lies. Only pixels
 * inside the target's face oval change; hair, ears, background, pose and size stay the target's.
 */
export function swapFaceInto(
  image: RgbImage,
  targetMesh: FaceMesh,
  source: RgbImage,
  sourceMesh: FaceMesh,
): void {
  const dest = destinationPoints(targetMesh, sourceMesh);
  const triangles = triangulate(dest);
  const oval = FACE_OVAL.map((i) => point(dest, i));
  const [cheekA, cheekB] = CHEEKS.map((i) => point(dest, i));
  const faceWidth = Math.hypot(cheekA.x - cheekB.x, cheekA.y - cheekB.y) || 1;
  const radius = Math.max(1, Math.round(faceWidth * FEATHER));
  const region = regionAround(dest, FACE_OVAL, 2, image.width, image.height);
  if (region.width === 0 || region.height === 0) return;
  const centre = oval.reduce((c, p) => ({ x: c.x + p.x / oval.length, y: c.y + p.y / oval.length }), {
    x: 0,
    y: 0,
  });
  // Eroded by about the blur's reach (2r along each axis, up to 2r·√2 diagonally) so that the feathered
  // mask fades out inside the oval; clipped by the oval itself so nothing outside it ever changes.
  const core = shrinkTowards(oval, centre, 2.5 * radius + 1);
  const mask = feather(fillPolygon(core, region), region.width, region.height, radius);
  const outline = fillPolygon(oval, region);
  for (let m = 0; m < mask.length; m++) mask[m] *= outline[m];

  const warped = new Float32Array(region.width * region.height * 3);
  const visibility = sourceVisibility(sourceMesh.points, targetMesh.points, triangles);
  const covered = warpPiecewiseAffine(
    source,
    sourceMesh.points,
    dest,
    triangles,
    region,
    mask,
    visibility,
    warped,
  );

  const skin = skinPixels(dest, region, mask, covered);
  const targetLab = copyRegion(image, region, skin);
  rgbToLab(targetLab, skin);
  const written = new Uint8Array(covered.length);
  for (let m = 0; m < covered.length; m++) if (covered[m] > 0) written[m] = 1;
  rgbToLab(warped, written);
  transferStats(warped, written, channelStats(warped, skin), channelStats(targetLab, skin));
  labToRgb(warped, written);
  blendInto(image, region, warped, mask, covered);
}

/** The region's pixels as RGB floats, where `select` is set. */
function copyRegion(image: RgbImage, region: Region, select: Uint8Array): Float32Array {
  const data = image.data;
  const out = new Float32Array(region.width * region.height * 3);
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      if (!select[m]) continue;
      out[m * 3] = data[p];
      out[m * 3 + 1] = data[p + 1];
      out[m * 3 + 2] = data[p + 2];
    }
  }
  return out;
}

/** image = warped·α + image·(1 − α) over the region, α = mask × source visibility. */
function blendInto(
  image: RgbImage,
  region: Region,
  warped: Float32Array,
  mask: Float32Array,
  covered: Float32Array,
) {
  const data = image.data;
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      const alpha = mask[m] * covered[m];
      if (alpha === 0) continue;
      const o = m * 3;
      data[p] = Math.round(data[p] + (warped[o] - data[p]) * alpha);
      data[p + 1] = Math.round(data[p + 1] + (warped[o + 1] - data[p + 1]) * alpha);
      data[p + 2] = Math.round(data[p + 2] + (warped[o + 2] - data[p + 2]) * alpha);
    }
  }
}
