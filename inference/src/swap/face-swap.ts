import Delaunator from 'delaunator';

import {
  FACE_OVAL,
  FOREHEAD_TOP,
  LEFT_EYE,
  LIPS_OUTER,
  MESH_POINT_COUNT,
  MOUTH_CORNERS,
  RIGHT_EYE,
} from '../landmarks/mesh-indices.js';
import type { FaceMesh, Point, RgbImage } from '../types.js';
import { labToRgb, rgbToLab, skinStats, transferStats, type ChannelStats } from './color-transfer.js';
import { inBox, matchEdge, skinBox } from './harmonize.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import { MIRROR } from './mesh-symmetry.js';
import { regionAround, type Region } from './region.js';
import type { BlendCoverage } from './seam.js';
import { applySimilarity, fitSimilarity } from './similarity.js';
import { warpPiecewiseAffine, type SourceMask } from './warp.js';

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
const ALL_POINTS = Array.from({ length: MESH_POINT_COUNT }, (_, i) => i);
/**
 * A source turned by at least this much (degrees, from the mesh's cheek-to-cheek line in 3-D; the mesh's
 * depth is flatter than life, so this is about 30° of real turn) shows its far side too foreshortened and
 * partly hidden by the nose: the far half is then taken from the mirror image of the near half. Mixing the
 * two pictures patch by patch doubled eyes and brows; a whole half keeps every feature in one piece.
 */
const MIRROR_FROM_YAW = 20;
/** Along the midline the direct and mirrored pictures cross-fade over about 3% of the face width... */
const SWITCH_FEATHER = 0.0075;
/** ...but never over an eye: the eye and its lids (outline scaled by this about its centre) come from one. */
const EYE_CORE = 1.6;
/** The far eye's opening is used directly when its area is at least this fraction of the near eye's. */
const FAR_EYE_FROM = 0.4;
/** The direct far eye fades into the mirrored lids just outside its outline (scaled by this). */
const OPENING_FADE = 1.3;
const OPENING_FEATHER = 0.004;
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
/** Points on the top edge of the right and the left brow (see `foreheadWeights`). */
const BROW_TOPS = [105, 334] as const;
const BROW_CLEARANCE = 0.04;
const FOREHEAD_RAMP = 0.04;
/** On the forehead, a pixel this many standard deviations darker than the skin counts as hair. */
const HAIR_DARKER = 1.5;
/** Hair on the forehead is softened over about twice this fraction of the face width. */
const HAIR_SOFTEN = 0.008;
/** The part of the fade where the face is matched to the target (see `matchEdge`). */
const EDGE_FROM = 0.05;
const EDGE_TO = 0.7;

function point(points: Float32Array, i: number): Point {
  return { x: points[i * 3], y: points[i * 3 + 1] };
}

/** The mean of the polygon's vertices. */
function centroid(polygon: Point[]): Point {
  return polygon.reduce((c, p) => ({ x: c.x + p.x / polygon.length, y: c.y + p.y / polygon.length }), {
    x: 0,
    y: 0,
  });
}

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

/** Subject's right (−1), left (+1) or midline (0), from the canonical mirror pairs (right point first). */
function sideOf(i: number): number {
  return MIRROR[i] === i ? 0 : i < MIRROR[i] ? -1 : 1;
}

/** The source's turn in degrees (positive: its left cheek is farther from the camera). */
export function sourceYaw(source: Float32Array): number {
  const [right, left] = CHEEKS;
  const dx = source[left * 3] - source[right * 3];
  const dy = source[left * 3 + 1] - source[right * 3 + 1];
  const dz = source[left * 3 + 2] - source[right * 3 + 2];
  return (Math.atan2(dz, Math.hypot(dx, dy)) * 180) / Math.PI;
}

/**
 * Which triangles to take from the mirror image: none for a source turned less than `MIRROR_FROM_YAW`; else
 * every triangle on the far half (midline points count on either half). Returns per-triangle flags
 * (1 = mirror) and per-eye choices, or null.
 */
function mirrorChoice(
  source: Float32Array,
  triangles: Uint32Array,
): {
  flags: Uint8Array;
  eyes: { outline: readonly number[]; mirror: boolean; surroundings: boolean }[];
} | null {
  const yaw = sourceYaw(source);
  if (Math.abs(yaw) < MIRROR_FROM_YAW) return null;
  const far = Math.sign(yaw);
  const flags = new Uint8Array(triangles.length / 3);
  for (let t = 0; t < triangles.length; t += 3) {
    const sides = [sideOf(triangles[t]), sideOf(triangles[t + 1]), sideOf(triangles[t + 2])];
    if (sides.every((side) => side !== -far) && sides.includes(far)) flags[t / 3] = 1;
  }
  const [near, hidden] = sideOf(RIGHT_EYE[0]) === far ? [LEFT_EYE, RIGHT_EYE] : [RIGHT_EYE, LEFT_EYE];
  // The far eye's own opening keeps the gaze right (a mirrored eye looks the other way) if it shows enough.
  const opening = Math.abs(polygonArea(source, hidden)) / (Math.abs(polygonArea(source, near)) || 1);
  return {
    flags,
    eyes: [
      { outline: near, mirror: false, surroundings: false },
      { outline: hidden, mirror: opening < FAR_EYE_FROM, surroundings: true },
    ],
  };
}

/** Signed area of the polygon through the given mesh points. */
function polygonArea(points: Float32Array, outline: readonly number[]): number {
  let area = 0;
  for (let k = 0, j = outline.length - 1; k < outline.length; j = k++) {
    area +=
      points[outline[j] * 3] * points[outline[k] * 3 + 1] -
      points[outline[k] * 3] * points[outline[j] * 3 + 1];
  }
  return area / 2;
}

/** The outline's points scaled by `scale` about their mean. */
function scaledOutline(points: Float32Array, outline: readonly number[], scale: number): Point[] {
  const polygon = outline.map((i) => point(points, i));
  const centre = centroid(polygon);
  return polygon.map((p) => ({
    x: centre.x + (p.x - centre.x) * scale,
    y: centre.y + (p.y - centre.y) * scale,
  }));
}

/** Where the mirror picture is used (per region pixel, its weight) and where the far eye's own opening is. */
export interface MirrorPlan {
  weights: Float32Array;
  /** 0–1 over the region where the far eye's own opening is used (valid even at the source's silhouette). */
  opening: Float32Array | null;
}

/**
 * Per region pixel, how much comes from the mirror picture: the triangle choices rasterised and cross-faded
 * over a few pixels where they change, and then exactly 0 or 1 inside each eye so that no pixel there mixes
 * two eyes.
 */
export function mirrorPlan(
  source: Float32Array,
  dest: Float32Array,
  triangles: Uint32Array,
  region: Region,
  faceWidth: number,
): MirrorPlan | null {
  const choice = mirrorChoice(source, triangles);
  if (!choice) return null;
  const weights = new Float32Array(region.width * region.height);
  // The choice changes only across triangles that touch the midline or straddle it: a band around those.
  let [minX, maxX] = [Infinity, -Infinity];
  for (let t = 0; t < triangles.length; t += 3) {
    const vertices = [triangles[t], triangles[t + 1], triangles[t + 2]];
    if (choice.flags[t / 3]) fillTriangle(dest, triangles, t, region, weights);
    const sides = vertices.map(sideOf);
    if (sides.includes(0) || (sides.includes(1) && sides.includes(-1))) {
      for (const v of vertices) {
        minX = Math.min(minX, dest[v * 3]);
        maxX = Math.max(maxX, dest[v * 3]);
      }
    }
  }
  // Blurred with a margin of the blur's reach (2r) on both sides, so the band's own edges do not fade.
  const r = Math.max(1, Math.round(faceWidth * SWITCH_FEATHER));
  const left = Math.max(0, Math.floor(minX - region.x - 4 * r));
  const right = Math.min(region.width, Math.ceil(maxX - region.x + 4 * r));
  const bandWidth = right - left;
  if (bandWidth > 0) {
    const bandBox = { x: region.x + left, y: region.y, width: bandWidth, height: region.height };
    const band = cropToBox(weights, region, bandBox);
    const faded = feather(band, bandWidth, region.height, r);
    const from = left === 0 ? 0 : 2 * r;
    const to = right === region.width ? bandWidth : bandWidth - 2 * r;
    for (let row = 0; row < region.height; row++) {
      weights.set(
        faded.subarray(row * bandWidth + from, row * bandWidth + to),
        row * region.width + left + from,
      );
    }
  }
  let opening: Float32Array | null = null;
  const featherRadius = Math.max(1, Math.round(faceWidth * OPENING_FEATHER));
  for (const eye of choice.eyes) {
    const ownOpening = eye.surroundings && !eye.mirror;
    // Worked on the eye's own box (grown by the fade's reach), not the whole region.
    const outline = scaledOutline(dest, eye.outline, ownOpening ? OPENING_FADE : EYE_CORE);
    const box = boxAround(outline, 2 * featherRadius + 1, region);
    if (box.width === 0 || box.height === 0) continue;
    const core = fillPolygon(ownOpening ? scaledOutline(dest, eye.outline, 1) : outline, box);
    const fade = ownOpening ? feather(fillPolygon(outline, box), box.width, box.height, featherRadius) : null;
    if (fade) opening = new Float32Array(weights.length);
    for (let row = 0, k = 0; row < box.height; row++) {
      let m = (box.y - region.y + row) * region.width + (box.x - region.x);
      for (let col = 0; col < box.width; col++, k++, m++) {
        if (fade && opening) {
          // The opening direct inside mirrored lids: a short fade just outside the lash line.
          opening[m] = fade[k];
          weights[m] *= 1 - fade[k];
        }
        if (core[k]) weights[m] = eye.mirror ? 1 : 0;
      }
    }
  }
  return { weights, opening };
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

/** The integer box around a polygon, grown by `margin`, clipped to `region` (same image coordinates). */
function boxAround(polygon: Point[], margin: number, region: Region): Region {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const x = Math.max(region.x, Math.floor(Math.min(...xs) - margin));
  const y = Math.max(region.y, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(region.x + region.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(region.y + region.height, Math.ceil(Math.max(...ys) + margin));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** The part of a per-region-pixel array that lies in `box` (inside `region`, same image coordinates). */
function cropToBox(values: Float32Array, region: Region, box: Region): Float32Array {
  const out = new Float32Array(box.width * box.height);
  for (let row = 0; row < box.height; row++) {
    const m = (box.y - region.y + row) * region.width + (box.x - region.x);
    out.set(values.subarray(m, m + box.width), row * box.width);
  }
  return out;
}

/** Sets to 1 the region pixels whose centres lie in triangle `t` (a rasteriser over its bounding box). */
function fillTriangle(
  points: Float32Array,
  triangles: Uint32Array,
  t: number,
  region: Region,
  out: Float32Array,
) {
  const [i, j, k] = [triangles[t] * 3, triangles[t + 1] * 3, triangles[t + 2] * 3];
  const [x0, y0, x1, y1, x2, y2] = [
    points[i],
    points[i + 1],
    points[j],
    points[j + 1],
    points[k],
    points[k + 1],
  ];
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-9) return;
  const left = Math.max(region.x, Math.floor(Math.min(x0, x1, x2)));
  const right = Math.min(region.x + region.width - 1, Math.ceil(Math.max(x0, x1, x2)));
  const top = Math.max(region.y, Math.floor(Math.min(y0, y1, y2)));
  const bottom = Math.min(region.y + region.height - 1, Math.ceil(Math.max(y0, y1, y2)));
  for (let py = top; py <= bottom; py++) {
    const cy = py + 0.5 - y0;
    let m = (py - region.y) * region.width + (left - region.x);
    for (let px = left; px <= right; px++, m++) {
      const cx = px + 0.5 - x0;
      const w1 = (cx * (y2 - y0) - (x2 - x0) * cy) / det;
      const w2 = ((x1 - x0) * cy - cx * (y1 - y0)) / det;
      if (w1 >= -1e-7 && w2 >= -1e-7 && w1 + w2 <= 1 + 1e-7) out[m] = 1;
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

function triangulate(points: Float32Array): Uint32Array {
  const coords = new Float64Array(MESH_POINT_COUNT * 2);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
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

/**
 * Mixes the mirror picture (the source's mirror points warped onto the same triangles) into `warped` by
 * `weights`; `covered` becomes the mixed validity.
 */
function mixMirror(
  source: RgbImage,
  sourceMesh: FaceMesh,
  dest: Float32Array,
  triangles: Uint32Array,
  region: Region,
  mask: Float32Array,
  valid: SourceMask,
  weights: Float32Array,
  warped: Float32Array,
  covered: Float32Array,
): void {
  const mirroredPoints = new Float32Array(sourceMesh.points.length);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    const j = MIRROR[i];
    mirroredPoints[i * 3] = sourceMesh.points[j * 3];
    mirroredPoints[i * 3 + 1] = sourceMesh.points[j * 3 + 1];
    mirroredPoints[i * 3 + 2] = sourceMesh.points[j * 3 + 2];
  }
  const needed = new Float32Array(mask.length);
  for (let m = 0; m < mask.length; m++) if (weights[m] > 0) needed[m] = mask[m];
  const mirrored = new Float32Array(warped.length);
  const mirroredCovered = warpPiecewiseAffine(
    source,
    mirroredPoints,
    dest,
    triangles,
    region,
    needed,
    valid,
    mirrored,
  );
  for (let m = 0; m < covered.length; m++) {
    const w = weights[m];
    if (w === 0 || needed[m] === 0) continue;
    for (let c = 0; c < 3; c++) {
      const o = m * 3 + c;
      warped[o] += (mirrored[o] - warped[o]) * w;
    }
    covered[m] += (mirroredCovered[m] - covered[m]) * w;
  }
}

/**
 * How far each written pixel is into the forehead, 0–1: 0 up to `BROW_CLEARANCE` above the line through the
 * brows' tops, 1 from `BROW_CLEARANCE` + `FOREHEAD_RAMP` (fractions of the face width).
 */
function foreheadWeights(
  dest: Float32Array,
  region: Region,
  written: Uint8Array,
  faceWidth: number,
): Float32Array {
  const a = point(dest, BROW_TOPS[0]);
  const b = point(dest, BROW_TOPS[1]);
  const top = point(dest, FOREHEAD_TOP);
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  // Unit normal of the brow line, pointing up the forehead.
  let [nx, ny] = [-(b.y - a.y) / length, (b.x - a.x) / length];
  if (nx * (top.x - a.x) + ny * (top.y - a.y) < 0) [nx, ny] = [-nx, -ny];
  const start = BROW_CLEARANCE * faceWidth;
  const ramp = FOREHEAD_RAMP * faceWidth;
  const weights = new Float32Array(written.length);
  for (let row = 0, m = 0; row < region.height; row++) {
    const along = ny * (region.y + row + 0.5 - a.y);
    for (let col = 0; col < region.width; col++, m++) {
      if (!written[m]) continue;
      const height = nx * (region.x + col + 0.5 - a.x) + along;
      if (height > start) weights[m] = Math.min(1, (height - start) / ramp);
    }
  }
  return weights;
}

/**
 * On the forehead, hair wins: where the face photo shows hair (or a hat) instead of skin, or the target does,
 * the target's own pixels stay (lower `covered`). Judged per pixel against the skin's colour, then softened
 * so that strands do not speckle.
 */
function keepHairOnForehead(
  face: Float32Array,
  target: Float32Array,
  forehead: Float32Array,
  skin: ChannelStats,
  region: Region,
  faceWidth: number,
  covered: Float32Array,
): void {
  // Hair is darker than skin: the box's dark side is drawn tighter here.
  const box = skinBox(skin);
  box[0] = skin.mean[0] - Math.max(HAIR_DARKER * skin.std[0], 8);
  const hair = new Float32Array(forehead.length);
  let [top, bottom, left, right] = [region.height, -1, region.width, -1];
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      if (forehead[m] === 0) continue;
      if (!inBox(face, m * 3, box) || !inBox(target, m * 3, box)) {
        hair[m] = forehead[m];
        top = Math.min(top, row);
        bottom = Math.max(bottom, row);
        left = Math.min(left, col);
        right = Math.max(right, col);
      }
    }
  }
  if (bottom < 0) return;
  // Softened on the hair's own box, grown by the blur's reach.
  const r = Math.max(1, Math.round(faceWidth * HAIR_SOFTEN));
  const within = boxAround(
    [
      { x: region.x + left, y: region.y + top },
      { x: region.x + right + 1, y: region.y + bottom + 1 },
    ],
    2 * r + 1,
    region,
  );
  const soft = feather(cropToBox(hair, region, within), within.width, within.height, r);
  for (let row = 0, k = 0; row < within.height; row++) {
    let m = (within.y - region.y + row) * region.width + (within.x - region.x);
    for (let col = 0; col < within.width; col++, k++, m++) if (soft[k] > 0) covered[m] *= 1 - soft[k];
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
