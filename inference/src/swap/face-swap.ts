import Delaunator from 'delaunator';

import { FACE_OVAL, MOUTH_CORNERS } from '../landmarks/mesh-indices.js';
import type { FaceMesh, Point, RgbImage } from '../types.js';
import { channelStats, labToRgb, rgbToLab, transferStats } from './color-transfer.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import { MIRROR } from './mesh-symmetry.js';
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
/** Source visibility ramps from 0 to 1 as a point faces the camera from 40% to 80% as squarely as its mirror. */
const FACING_HIDDEN = 0.4;
const FACING_SHOWN = 0.8;

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

/**
 * Each mesh point's facing: the cosine between its normal (the area-weighted sum of its triangles' normals, so
 * that degenerate triangles such as closed lips count little) and the view direction, signed by the winding.
 */
function pointFacing(p: Float32Array, triangles: Uint32Array): Float32Array {
  const normals = new Float64Array(POINTS * 3);
  for (let t = 0; t < triangles.length; t += 3) {
    const i = triangles[t] * 3;
    const j = triangles[t + 1] * 3;
    const k = triangles[t + 2] * 3;
    const ux = p[j] - p[i];
    const uy = p[j + 1] - p[i + 1];
    const uz = p[j + 2] - p[i + 2];
    const vx = p[k] - p[i];
    const vy = p[k + 1] - p[i + 1];
    const vz = p[k + 2] - p[i + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const v of [i, j, k]) {
      normals[v] += nx;
      normals[v + 1] += ny;
      normals[v + 2] += nz;
    }
  }
  const facing = new Float32Array(POINTS);
  for (let v = 0; v < POINTS; v++) {
    const length = Math.hypot(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]);
    facing[v] = length > 0 ? normals[v * 3 + 2] / length : 0;
  }
  return facing;
}

/**
 * How well the source shows each landmark's neighbourhood, 0–1, judged against the same point on the other
 * side of the face: on a turned head the far side faces the camera less squarely than its mirror (and at the
 * silhouette the mesh runs onto background), so it gets less weight and `fillFromMirror` takes over; a frontal
 * face keeps full weight everywhere. The warp interpolates the weights across each triangle.
 */
function sourceVisibility(source: Float32Array, triangles: Uint32Array): Float32Array {
  const facing = pointFacing(source, triangles);
  // Winding decides the sign: make "towards the camera" positive.
  const towards = Math.sign(facing.reduce((sum, f) => sum + f, 0)) || 1;
  return facing.map((own, v) => {
    const ratio = (own * towards) / Math.max(0.05, facing[MIRROR[v]] * towards);
    return Math.min(1, Math.max(0, (ratio - FACING_HIDDEN) / (FACING_SHOWN - FACING_HIDDEN)));
  });
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
  const visibility = sourceVisibility(sourceMesh.points, triangles);
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
  if (visibility.some((weight) => weight < 1))
    fillFromMirror(source, sourceMesh, dest, triangles, region, mask, visibility, warped, covered);

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

/**
 * Where the source hides part of its face (a turned head), takes that part from the mirror image of the side
 * it shows: faces are nearly symmetric, and this beats both smearing the silhouette and letting the target's
 * face show through. Mixes per pixel by the two visibilities; `covered` becomes the combined visibility.
 */
function fillFromMirror(
  source: RgbImage,
  sourceMesh: FaceMesh,
  dest: Float32Array,
  triangles: Uint32Array,
  region: Region,
  mask: Float32Array,
  visibility: Float32Array,
  warped: Float32Array,
  covered: Float32Array,
): void {
  const mirroredPoints = new Float32Array(sourceMesh.points.length);
  const mirroredVisibility = new Float32Array(POINTS);
  for (let i = 0; i < POINTS; i++) {
    const j = MIRROR[i];
    mirroredPoints[i * 3] = sourceMesh.points[j * 3];
    mirroredPoints[i * 3 + 1] = sourceMesh.points[j * 3 + 1];
    mirroredPoints[i * 3 + 2] = sourceMesh.points[j * 3 + 2];
    mirroredVisibility[i] = visibility[j];
  }
  // Only where the direct warp is not fully visible.
  const needed = new Float32Array(mask.length);
  for (let m = 0; m < needed.length; m++) if (covered[m] > 0 && covered[m] < 1) needed[m] = mask[m];
  const mirrored = new Float32Array(warped.length);
  const mirroredCovered = warpPiecewiseAffine(
    source,
    mirroredPoints,
    dest,
    triangles,
    region,
    needed,
    mirroredVisibility,
    mirrored,
  );
  for (let m = 0; m < covered.length; m++) {
    const direct = covered[m];
    if (direct === 0 || direct >= 1) continue;
    const other = (1 - direct) * mirroredCovered[m];
    const total = direct + other;
    if (total <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const o = m * 3 + c;
      warped[o] = (warped[o] * direct + mirrored[o] * other) / total;
    }
    covered[m] = Math.max(1e-6, total);
  }
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
