import {
  CHEEKS,
  FACE_OVAL,
  LEFT_EYE,
  LIPS_OUTER,
  MESH_POINT_COUNT,
  MOUTH_CORNERS,
  RIGHT_EYE,
} from '../landmarks/mesh-indices.js';
import type { FaceMesh, Point, RgbImage } from '../types.js';
import { labToRgb, rgbToLab, skinStats, transferStats } from './color-transfer.js';
import { foreheadWeights, keepHairOnForehead } from './forehead-hair.js';
import { boxAround, centroid, fillTriangle, point, scaledOutline, triangulate } from './geometry.js';
import { matchEdge } from './harmonize.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import { mirrorPlan, mixMirror } from './mirror-fill.js';
import { regionAround, type Region } from './region.js';
import type { BlendCoverage } from './seam.js';
import { applySimilarity, fitSimilarity } from './similarity.js';
import { warpPiecewiseAffine, type SourceMask } from './warp.js';

/** Feather: two box-blur passes of radius 3% of the face width each, about 6% in all. */
const FEATHER = 0.03;
/**
 * How far the inner landmarks (eyes, nose, mouth) follow the source face's proportions rather than the
 * target's: the outline stays the target's so the face fits its head.
 */
const SOURCE_SHAPE = 0.5;

const OVAL_SET = new Set<number>(FACE_OVAL);
const ALL_POINTS = Array.from({ length: MESH_POINT_COUNT }, (_, i) => i);
/**
 * The source photo's usable face fades in over this fraction of the face width inside its mesh's outline:
 * at the outline it shows hair, ears or background, which must not be stretched over the target's cheeks;
 * the target's own face shows there instead.
 */
const VALID_INSET = 0.08;
/** That fade is smooth: it is computed on cells of this fraction of the face width. */
const VALID_CELL = 0.01;
/** Features kept whole by the mask (see `protectFeatures`): outline and scale about its centre. */
const FEATURE_MARGIN: [readonly number[], number][] = [
  [RIGHT_EYE, 1.7],
  [LEFT_EYE, 1.7],
  [LIPS_OUTER, 1.3],
];
const FEATURE_FEATHER = 0.01;
/** The part of the fade where the face is matched to the target (see `matchEdge`). */
const EDGE_FROM = 0.05;
const EDGE_TO = 0.7;

/**
 * Where the source face's landmarks go: the target's mesh, with the inner landmarks moved part of the way
 * to the source's own layout (fitted onto the target by a least-squares similarity).
 */
function destinationPoints(targetMesh: FaceMesh, sourceMesh: FaceMesh): Float32Array {
  const fit = fitSimilarity(sourceMesh.points, targetMesh.points, MESH_POINT_COUNT);
  const dest = Float32Array.from(targetMesh.points);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    if (OVAL_SET.has(i)) continue;
    const [x, y] = applySimilarity(fit, sourceMesh.points[i * 3], sourceMesh.points[i * 3 + 1]);
    dest[i * 3] += (x - dest[i * 3]) * SOURCE_SHAPE;
    dest[i * 3 + 1] += (y - dest[i * 3 + 1]) * SOURCE_SHAPE;
  }
  return dest;
}

/**
 * Eyes and lips are replaced whole even where the fade would reach them (on a turned target the far eye and
 * mouth corner sit near the face's edge): a target eye showing through a swapped one is a doubled eye. The
 * mask is raised to 1 over each feature (its outline scaled by `FEATURE_MARGIN`), with a short fade.
 */
function protectFeatures(mask: Float32Array, dest: Float32Array, region: Region, faceWidth: number): void {
  const r = Math.max(1, Math.round(faceWidth * FEATURE_FEATHER));
  for (const [outline, scale] of FEATURE_MARGIN) {
    const polygon = scaledOutline(dest, outline, scale);
    const box = boxAround(polygon, 2 * r + 1, region);
    if (box.width === 0 || box.height === 0) continue;
    const raised = feather(fillPolygon(polygon, box), box.width, box.height, r);
    for (let row = 0, k = 0; row < box.height; row++) {
      let m = (box.y - region.y + row) * region.width + (box.x - region.x);
      for (let col = 0; col < box.width; col++, k++, m++) if (raised[k] > mask[m]) mask[m] = raised[k];
    }
  }
}

/**
 * The source photo's usable face: the footprint of its mesh (which, on a turned face, includes the nose where
 * it stands out past the far cheek), faded to 0 at the footprint's edge and 1 at `VALID_INSET` of the face
 * width inside it. It is smooth, so it is held on a grid of cells of a few pixels.
 */
function validSourceArea(source: RgbImage, points: Float32Array, triangles: Uint32Array): SourceMask {
  const [a, b] = CHEEKS;
  // In 3-D, so that a turned face's width is not underestimated.
  const width =
    Math.hypot(
      points[a * 3] - points[b * 3],
      points[a * 3 + 1] - points[b * 3 + 1],
      points[a * 3 + 2] - points[b * 3 + 2],
    ) || 1;
  const region = regionAround(points, ALL_POINTS, 2, source.width, source.height);
  const scale = Math.max(1, Math.floor(width * VALID_CELL));
  const grid = {
    x: 0,
    y: 0,
    width: Math.ceil(region.width / scale),
    height: Math.ceil(region.height / scale),
  };
  const scaled = new Float32Array(MESH_POINT_COUNT * 3);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    scaled[i * 3] = (points[i * 3] - region.x) / scale;
    scaled[i * 3 + 1] = (points[i * 3 + 1] - region.y) / scale;
  }
  const footprint = new Float32Array(grid.width * grid.height);
  for (let t = 0; t < triangles.length; t += 3) fillTriangle(scaled, triangles, t, grid, footprint);
  // A blur reaching 2R each way is 0.5 on the footprint's edge and 1 at 2R inside: remapped, an inset fade
  // that is still 0 a little inside the edge (so that no bilinear sample reaches past it).
  const radius = Math.max(1, Math.round((width * VALID_INSET) / 2 / scale));
  const values = feather(footprint, grid.width, grid.height, radius);
  for (let k = 0; k < values.length; k++) values[k] = Math.min(1, Math.max(0, (values[k] - 0.6) / 0.4));
  return { region, scale, width: grid.width, height: grid.height, values };
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
  // Each line as s·(u·x + v·y + w) > 0 on the wanted side.
  const belowEyes = Math.sign(side(eyeA, eyeB, chin.x, chin.y));
  const aboveMouth = Math.sign(side(mouthA, mouthB, forehead.x, forehead.y));
  const [eu, ev] = [-(eyeB.y - eyeA.y) * belowEyes, (eyeB.x - eyeA.x) * belowEyes];
  const ew = -(eu * eyeA.x + ev * eyeA.y);
  const [mu, mv] = [-(mouthB.y - mouthA.y) * aboveMouth, (mouthB.x - mouthA.x) * aboveMouth];
  const mw = -(mu * mouthA.x + mv * mouthA.y);
  const select = new Uint8Array(covered.length);
  for (let row = 0, m = 0; row < region.height; row++) {
    const y = region.y + row + 0.5;
    const eyeRow = ev * y + ew;
    const mouthRow = mv * y + mw;
    for (let col = 0; col < region.width; col++, m++) {
      if (covered[m] < 0.5 || mask[m] < 0.5) continue;
      const x = region.x + col + 0.5;
      if (eu * x + eyeRow > 0 && mu * x + mouthRow > 0) select[m] = 1;
    }
  }
  return select;
}

/**
 * Swaps the source face into `image` (the target, changed in place) where `targetMesh` lies. Only pixels
 * inside the target's face oval change; hair, ears, background, pose and size stay the target's. Returns
 * where and how strongly it blended.
 *
 * Steps: piecewise-affine warp of the source's usable face (a turned source's far half from its mirror
 * image), Reinhard transfer of robust skin statistics in CIELAB, the face matched to the target along the
 * fade, forehead hair kept, and an alpha blend with a feathered mask that keeps eyes and lips whole.
 */
export function swapFaceInto(
  image: RgbImage,
  targetMesh: FaceMesh,
  source: RgbImage,
  sourceMesh: FaceMesh,
): BlendCoverage {
  const dest = destinationPoints(targetMesh, sourceMesh);
  const triangles = triangulate(dest);
  const oval = FACE_OVAL.map((i) => point(dest, i));
  const [cheekA, cheekB] = CHEEKS.map((i) => point(dest, i));
  const faceWidth = Math.hypot(cheekA.x - cheekB.x, cheekA.y - cheekB.y) || 1;
  const radius = Math.max(1, Math.round(faceWidth * FEATHER));
  const region = regionAround(dest, FACE_OVAL, 2, image.width, image.height);
  if (region.width === 0 || region.height === 0) return { region, alpha: new Float32Array(0) };
  const centre = centroid(oval);
  // Eroded by about the blur's reach (2r along each axis, up to 2r·√2 diagonally) so that the feathered
  // mask fades out inside the oval; clipped by the oval itself so nothing outside it ever changes.
  const core = shrinkTowards(oval, centre, 2.5 * radius + 1);
  const mask = feather(fillPolygon(core, region), region.width, region.height, radius);
  protectFeatures(mask, dest, region, faceWidth);
  const outline = fillPolygon(oval, region);
  for (let m = 0; m < mask.length; m++) mask[m] *= outline[m];

  const valid = validSourceArea(source, sourceMesh.points, triangles);
  const plan = mirrorPlan(sourceMesh.points, dest, triangles, region, faceWidth);
  const weights = plan?.weights;
  const warped = new Float32Array(region.width * region.height * 3);
  let directMask = mask;
  if (weights) {
    directMask = new Float32Array(mask.length);
    for (let m = 0; m < mask.length; m++) if (weights[m] < 1) directMask[m] = mask[m];
  }
  const covered = warpPiecewiseAffine(
    source,
    sourceMesh.points,
    dest,
    triangles,
    region,
    directMask,
    valid,
    warped,
  );
  // The far eye's own opening is face even where the source's silhouette is near.
  const opening = plan?.opening;
  if (opening) for (let m = 0; m < covered.length; m++) if (covered[m] > 0 && opening[m] > 0) covered[m] = 1;
  if (weights) mixMirror(source, sourceMesh, dest, triangles, region, mask, valid, weights, warped, covered);

  const skin = skinPixels(dest, region, mask, covered);
  // The fade, where the target shows through: the face should match it there.
  const edge = new Uint8Array(covered.length);
  const written = new Uint8Array(covered.length);
  const measured = new Uint8Array(covered.length);
  for (let m = 0; m < covered.length; m++) {
    if (covered[m] === 0) continue;
    written[m] = 1;
    const alpha = mask[m] * covered[m];
    if (alpha > EDGE_FROM && alpha < EDGE_TO) edge[m] = 1;
    measured[m] = edge[m] | skin[m];
  }
  const forehead = foreheadWeights(dest, region, written, faceWidth);
  for (let m = 0; m < forehead.length; m++) if (forehead[m] > 0) measured[m] = 1;
  // The target in L*a*b* where it is measured: its skin, the fade and the forehead.
  const targetLab = copyRegion(image, region, measured);
  rgbToLab(targetLab, measured);
  rgbToLab(warped, written);
  const targetSkin = skinStats(targetLab, skin);
  transferStats(warped, written, skinStats(warped, skin), targetSkin);
  keepHairOnForehead(warped, targetLab, forehead, targetSkin, region, faceWidth, covered);
  matchEdge(warped, targetLab, edge, written, targetSkin, region.width, region.height, faceWidth);
  labToRgb(warped, written);
  return { region, alpha: blendInto(image, region, warped, mask, covered) };
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

/**
 * image = warped·α + image·(1 − α) over the region, α = mask × covered (the source's validity, with forehead
 * hair kept out); returns α.
 */
function blendInto(
  image: RgbImage,
  region: Region,
  warped: Float32Array,
  mask: Float32Array,
  covered: Float32Array,
): Float32Array {
  const data = image.data;
  const alphas = new Float32Array(mask.length);
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      const alpha = mask[m] * covered[m];
      alphas[m] = alpha;
      if (alpha === 0) continue;
      const o = m * 3;
      data[p] = Math.round(data[p] + (warped[o] - data[p]) * alpha);
      data[p + 1] = Math.round(data[p + 1] + (warped[o + 1] - data[p + 1]) * alpha);
      data[p + 2] = Math.round(data[p + 2] + (warped[o + 2] - data[p + 2]) * alpha);
    }
  }
  return alphas;
}
