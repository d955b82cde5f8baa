import { CHEEKS } from '../landmarks/mesh-indices.js';
import type { FaceMesh, RgbImage } from '../types.js';
import { point, triangulate } from './geometry.js';
import { capsuleBox, capsuleWeight, zoneCapsules } from './expression-detail.js';
import { mirrorPlan } from './mirror-fill.js';
import { destinationPoints } from './placement.js';
import type { Region } from './region.js';
import { validSourceArea } from './source-area.js';
import { warpPiecewiseAffine } from './warp.js';
import { reduceValues, taps, upsample, type Reduced } from './working-scale.js';

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * The face photo's fine detail where a swap worked on a reduced copy of `region` (`size`): the face photo
 * warped at full resolution where `alpha` > 0, its luma less its own reduction to `size` upsampled (so only
 * what the reduced copy could not hold), per region pixel. Weighted by how much of the face photo is usable
 * there (0 past its silhouette and where a turned face's far half comes from its mirror image: the reduced
 * swap's fill and mirror stand there without fine detail).
 */
export function fineDetail(
  targetMesh: FaceMesh,
  source: RgbImage,
  sourceMesh: FaceMesh,
  region: Region,
  size: Reduced,
  alpha: Float32Array,
): Float32Array {
  const dest = destinationPoints(targetMesh, sourceMesh);
  const triangles = triangulate(dest);
  const valid = validSourceArea(source, sourceMesh.points, triangles);
  const warped = new Float32Array(alpha.length * 3);
  const covered = warpPiecewiseAffine(
    source,
    sourceMesh.points,
    dest,
    triangles,
    region,
    alpha,
    valid,
    warped,
  );
  const [a, b] = CHEEKS.map((i) => point(dest, i));
  const plan = mirrorPlan(sourceMesh.points, dest, triangles, region, Math.hypot(a.x - b.x, a.y - b.y) || 1);
  const weight = new Float32Array(alpha.length);
  const weighted = new Float32Array(alpha.length);
  const luma = new Float32Array(alpha.length);
  for (let m = 0, o = 0; m < alpha.length; m++, o += 3) {
    if (covered[m] === 0) continue;
    const w = smooth(Math.min(1, covered[m])) * (plan ? 1 - plan.weights[m] : 1);
    if (w <= 0) continue;
    luma[m] = 0.299 * warped[o] + 0.587 * warped[o + 1] + 0.114 * warped[o + 2];
    weight[m] = w;
    weighted[m] = w * luma[m];
  }
  // Its own smooth part: the weighted mean over each reduced pixel, upsampled (normalised by the weights).
  const lowWeight = reduceValues(weight, region.width, region.height, 1, size);
  const lowLuma = reduceValues(weighted, region.width, region.height, 1, size);
  const xs = taps(region.width, size.width);
  const ys = taps(region.height, size.height);
  const sumWeight = upsample(lowWeight, size.width, xs, ys, 1, weight);
  const sumLuma = upsample(lowLuma, size.width, xs, ys, 1, weight);
  const detail = new Float32Array(alpha.length);
  for (let m = 0; m < alpha.length; m++)
    if (weight[m] > 0 && sumWeight[m] > 1e-6) detail[m] = weight[m] * (luma[m] - sumLuma[m] / sumWeight[m]);
  return detail;
}

/**
 * Where the template's fine detail is kept when it is the stronger (its expression creases, as
 * `keepExpressionDetail` keeps them at the working width): the zones about the template's mesh, 0–1 per
 * pixel of `region`.
 */
export function expressionWeight(target: Float32Array, faceWidth: number, region: Region): Float32Array {
  const weight = new Float32Array(region.width * region.height);
  for (const capsule of zoneCapsules(target, faceWidth)) {
    const box = capsuleBox(capsule, capsule.radius + 1, region);
    if (!box) continue;
    const zone = capsuleWeight(capsule, box);
    for (let y = 0, k = 0; y < box.height; y++) {
      const row = (box.y - region.y + y) * region.width + (box.x - region.x);
      for (let x = 0; x < box.width; x++, k++) weight[row + x] = Math.max(weight[row + x], zone[k]);
    }
  }
  return weight;
}
