import {
  CHEEKS,
  FACE_OVAL,
  LEFT_BROW_OUTLINE,
  LEFT_EYE,
  LIPS_OUTER,
  MESH_POINT_COUNT,
  MOUTH_CORNERS,
  RIGHT_BROW_OUTLINE,
  RIGHT_EYE,
} from '../landmarks/mesh-indices.js';
import { turnedLike } from '../landmarks/head-pose.js';
import type { FaceMesh, Point, RgbImage } from '../types.js';
import { labToRgb, rgbToLab, skinStats, type ChannelStats } from './color-transfer.js';
import { targetFeaturePixels, transferTones } from './feature-tones.js';
import { hairZones, keepHair } from './forehead-hair.js';
import {
  boxAround,
  centroid,
  convexHull,
  fillTriangle,
  point,
  scaledOutline,
  triangulate,
} from './geometry.js';
import { inBox, matchBorder, matchEdge, pushPull, skinBox } from './harmonize.js';
import type { MembraneOptions } from './membrane.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import { mirrorPlan, mixMirror } from './mirror-fill.js';
import { regionAround, type Region } from './region.js';
import type { BlendCoverage } from './seam.js';
import { applySimilarity, fitSimilarity } from './similarity.js';
import { targetFrames } from './target-glasses.js';
import { warpPiecewiseAffine, type SourceMask } from './warp.js';

/**
 * The mask's fade: two box-blur passes of radius 2% of the face width each (about 8% wide in all). The
 * gradient-domain blend matches tone and light across the border, so the fade only hides the change of
 * texture. At 3% the fade kept more of the target's cheeks and jaw (likeness 4 points lower on turned and
 * small faces); narrower still (1.5%) gained nothing and raised the seam step.
 */
const FEATHER = 0.02;
/** The fallback's fade when the blend's solver does not converge: 4.5% each, about 18% wide. */
const FALLBACK_FEATHER = 0.045;
/** The blend's solver: stop at this relative residual, give up (fall back) after this many iterations. */
const SOLVER = { tolerance: 1e-3, maxIterations: 400 };
/**
 * How far the inner landmarks (eyes, brows, nose, mouth) follow the source face's proportions (turned to the
 * target's pose) rather than the target's: all the way, for likeness; the outline stays the target's so the
 * face fits its head.
 */
const SOURCE_SHAPE = 1;

const OVAL_SET = new Set<number>(FACE_OVAL);
const ALL_POINTS = Array.from({ length: MESH_POINT_COUNT }, (_, i) => i);
/**
 * The source photo's usable face fades in over this fraction of the face width inside its mesh's outline:
 * at the outline it shows hair, ears or background, which must not be stretched over the target's cheeks;
 * the target's own face shows there instead.
 */
const VALID_INSET = 0.08;
/** Of that fade, skin is used as it is from here on (see `fillUnusable`)... */
const USABLE_FROM = 0.3;
/** ...and what is not skin there is left out over about twice this fraction of the face width. */
const FOREIGN_SOFTEN = 0.01;
/** That fade is smooth: it is computed on cells of this fraction of the face width. */
const VALID_CELL = 0.01;
/** Features kept whole by the mask (see `protectFeatures`): outline and scale about its centre. */
const FEATURE_MARGIN: [readonly number[], number][] = [
  [RIGHT_EYE, 1.7],
  [LEFT_EYE, 1.7],
  [RIGHT_BROW_OUTLINE, 1.3],
  [LEFT_BROW_OUTLINE, 1.3],
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
  // The source's layout as it would look turned like the target.
  const posed = turnedLike(sourceMesh.points, targetMesh.points);
  const fit = fitSimilarity(posed, targetMesh.points, MESH_POINT_COUNT);
  const dest = Float32Array.from(targetMesh.points);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    if (OVAL_SET.has(i)) continue;
    const [x, y] = applySimilarity(fit, posed[i * 3], posed[i * 3 + 1]);
    dest[i * 3] += (x - dest[i * 3]) * SOURCE_SHAPE;
    dest[i * 3 + 1] += (y - dest[i * 3 + 1]) * SOURCE_SHAPE;
  }
  return dest;
}

/** Nose points (bridge, tip, wings): on a turned face they stand out past the far side of the oval. */
const NOSE = [1, 2, 4, 5, 6, 19, 94, 168, 195, 197, 48, 278, 64, 294, 98, 327, 129, 358];
/** The inner features whose hull the mask covers besides the oval (see `featureHull`). */
export const INNER_FEATURES = [
  ...RIGHT_EYE,
  ...LEFT_EYE,
  ...RIGHT_BROW_OUTLINE,
  ...LEFT_BROW_OUTLINE,
  ...LIPS_OUTER,
  ...NOSE,
];

/**
 * The hull of the target's eyes, brows, nose and lips. On a turned target the mesh's oval runs down the nose
 * on the far side (its far-side points are hidden behind it), leaving the far eye, cheek and the nose's
 * profile outside it: they kept the target's identity (a 45° face kept its own far eye). The hull reaches
 * them without reaching hair or background, and never past the target's own mesh (the face photo's features
 * placed there may reach further: the hull of both put its brow over the target's background).
 */
export function featureHull(target: Float32Array): Point[] {
  return convexHull(INNER_FEATURES.map((i) => point(target, i)));
}

/**
 * The blend's mask over the region: the face oval and the features' hull (if given) each eroded by about the
 * blur's reach (2r along each axis, up to 2r·√2 diagonally) and feathered so that it fades out inside them,
 * eyes and lips raised to whole, clipped by the oval and hull themselves so that nothing outside them changes.
 */
function blendMask(
  dest: Float32Array,
  hull: Point[] | null,
  features: Float32Array,
  region: Region,
  faceWidth: number,
  fade: number,
): Float32Array {
  const outlines = [FACE_OVAL.map((i) => point(dest, i)), ...(hull ? [hull] : [])];
  const radius = Math.max(1, Math.round(faceWidth * fade));
  const core = new Float32Array(region.width * region.height);
  const inside = new Float32Array(core.length);
  for (const outline of outlines) {
    const shrunk = fillPolygon(shrinkTowards(outline, centroid(outline), 2.5 * radius + 1), region);
    const whole = fillPolygon(outline, region);
    for (let m = 0; m < core.length; m++) {
      core[m] = Math.max(core[m], shrunk[m]);
      inside[m] = Math.max(inside[m], whole[m]);
    }
  }
  const mask = feather(core, region.width, region.height, radius);
  for (let m = 0; m < mask.length; m++) mask[m] = Math.max(mask[m], features[m]) * inside[m];
  return mask;
}

/** Where the face fades into the target (and the target shows through): it should match the target there. */
function fadeOf(mask: Float32Array, covered: Float32Array): Uint8Array {
  const edge = new Uint8Array(covered.length);
  for (let m = 0; m < covered.length; m++) {
    const alpha = mask[m] * covered[m];
    if (covered[m] > 0 && alpha > EDGE_FROM && alpha < EDGE_TO) edge[m] = 1;
  }
  return edge;
}

/**
 * Eyes and lips are replaced whole even where the fade would reach them (on a turned target the far eye and
 * mouth corner sit near the face's edge) and never kept as hair: a target eye showing through a swapped one
 * is a doubled eye. Raises `mask` to 1 over each feature of the mesh (its outline scaled by
 * `FEATURE_MARGIN`), with a short fade.
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

export interface SwapOptions {
  /**
   * The target wears glasses: they are removed, deliberately and whole (their frames inside the face oval are
   * replaced with the face, not faded into or kept as hair). Keeping them left broken rims over the swapped
   * face, and their frames kept much of the target's identity (the face photo's own glasses, if any, come with
   * its face).
   */
  removeTargetGlasses?: boolean;
  /** Bounds of the blend's solver (tests force the fallback with them). */
  solver?: MembraneOptions;
}

/**
 * Swaps the source face into `image` (the target, changed in place) where `targetMesh` lies. Only pixels
 * inside the target's face oval (and, on a turned face, the hull of its eyes, brows, nose and lips) change;
 * hair, ears, background, pose and size stay the target's. Returns where and how strongly it blended.
 *
 * Steps: the source's landmark layout turned to the target's pose and placed in the target's outline;
 * piecewise-affine warp of the source's usable face (a turned source's far half from its mirror image; past
 * its silhouette and over hair at its outline, its own skin continued); colour transfer in CIELAB (the skin's
 * robust statistics, the areas round the eyes and the lips region to region); hair on the forehead and temples kept; the gradient-domain blend's correction (a harmonic
 * membrane through the border's tone and light, solved by conjugate gradients; `solver` bounds it, and the
 * older edge match with a wider fade is the fallback when it does not converge); and an alpha blend with a
 * feathered mask that keeps eyes, brows and lips whole.
 */
export function swapFaceInto(
  image: RgbImage,
  targetMesh: FaceMesh,
  source: RgbImage,
  sourceMesh: FaceMesh,
  options: SwapOptions = {},
): BlendCoverage {
  const solver = options.solver ?? SOLVER;
  const dest = destinationPoints(targetMesh, sourceMesh);
  const triangles = triangulate(dest);
  const [cheekA, cheekB] = CHEEKS.map((i) => point(dest, i));
  const faceWidth = Math.hypot(cheekA.x - cheekB.x, cheekA.y - cheekB.y) || 1;
  const region = regionAround(dest, ALL_POINTS, 2, image.width, image.height);
  if (region.width === 0 || region.height === 0) return { region, alpha: new Float32Array(0) };
  // The narrow fade reaches closer to the oval than the fallback's, so the warp covers both.
  // The face's features where they go, and the target's where they were: neither may show through.
  const features = new Float32Array(region.width * region.height);
  protectFeatures(features, dest, region, faceWidth);
  protectFeatures(features, targetMesh.points, region, faceWidth);
  // The target's glasses, removed: their frames are raised to whole like the features.
  if (options.removeTargetGlasses)
    raiseFrames(features, targetFrames(image, targetMesh.points, region), region);
  const hull = featureHull(targetMesh.points);
  let mask = blendMask(dest, hull, features, region, faceWidth, FEATHER);

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
  const written = new Uint8Array(covered.length);
  for (let m = 0; m < covered.length; m++) if (covered[m] > 0) written[m] = 1;
  rgbToLab(warped, written);
  const faceSkin = skinStats(warped, skin);
  fillUnusable(warped, covered, region, faceSkin, faceWidth);
  // From here on `covered` says how much of the face is kept: all of it but forehead hair.
  for (let m = 0; m < covered.length; m++) covered[m] = written[m];
  const edge = fadeOf(mask, covered);
  const measured = targetFeaturePixels(targetMesh.points, region, faceWidth);
  for (let m = 0; m < covered.length; m++) measured[m] |= written[m] & (edge[m] | skin[m]);
  const zones = hairZones(dest, region, written, faceWidth);
  // Past the oval (the features' hull on a turned face) lies the face's far side, not hair.
  const oval = fillPolygon(
    FACE_OVAL.map((i) => point(dest, i)),
    region,
  );
  for (let m = 0; m < written.length; m++) {
    // Features and a removed frame are not hair to keep.
    zones.forehead[m] *= (1 - features[m]) * oval[m];
    zones.temples[m] *= (1 - features[m]) * oval[m];
    if (zones.forehead[m] > 0 || zones.temples[m] > 0) measured[m] = 1;
  }
  // The target in L*a*b* where it is measured: its skin, the fade, where hair may be, its eyes and lips.
  const targetLab = copyRegion(image, region, measured);
  rgbToLab(targetLab, measured);
  const targetSkin = skinStats(targetLab, skin);
  keepHair(warped, faceSkin, targetLab, targetSkin, zones, region, faceWidth, covered);
  transferTones(warped, targetLab, written, faceSkin, targetSkin, dest, targetMesh.points, region, faceWidth);
  const size = [region.width, region.height, faceWidth] as const;
  if (!matchBorder(warped, targetLab, edge, written, targetSkin, ...size, solver)) {
    // Fallback: the wider fade hides what the simpler edge match leaves; it keeps to the oval (faded across
    // a turned face's nose profile, it left a step against the background).
    mask = blendMask(dest, null, features, region, faceWidth, FALLBACK_FEATHER);
    const wideEdge = fadeOf(mask, covered);
    labOfMissing(image, region, wideEdge, measured, targetLab);
    matchEdge(warped, targetLab, wideEdge, written, targetSkin, ...size);
  }
  labToRgb(warped, written);
  return { region, alpha: blendInto(image, region, warped, mask, covered) };
}

/** Raises `features` to 1 over the frames, grown by two pixels so that their soft edges and shadow go too. */
function raiseFrames(features: Float32Array, frames: Float32Array, region: Region): void {
  const grown = feather(frames, region.width, region.height, 2);
  for (let m = 0; m < grown.length; m++) if (grown[m] > 0.02) features[m] = 1;
}

/**
 * Where the source photo's face is not usable (past its silhouette, and near its outline wherever it does
 * not look like its skin: hair, background, another face), the face's own colours continue smoothly from
 * where it is (a push-pull fill): showing the target there instead put a veil of its hair or background
 * on the cheeks. In place on the L*a*b* region `warped`.
 */
function fillUnusable(
  warped: Float32Array,
  valid: Float32Array,
  region: Region,
  skin: ChannelStats,
  faceWidth: number,
): void {
  const box = skinBox(skin);
  // Near the outline, what does not look like the face's skin (hair, an ear, background) is not used; the
  // decision is softened so that it leaves no ragged patches.
  const foreign = new Float32Array(valid.length);
  for (let m = 0; m < valid.length; m++)
    if (valid[m] > 0 && valid[m] < 1 && !inBox(warped, m * 3, box)) foreign[m] = 1;
  const r = Math.max(1, Math.round(faceWidth * FOREIGN_SOFTEN));
  const soft = feather(foreign, region.width, region.height, r);
  const usable = new Float32Array(valid.length);
  const envelope = new Float32Array(valid.length);
  for (let m = 0; m < valid.length; m++) {
    if (valid[m] === 0) continue;
    // Skin is used nearly to the outline; what is not skin, not at all.
    const t = Math.min(1, valid[m] / USABLE_FROM);
    envelope[m] = t * t * (3 - 2 * t);
    usable[m] = envelope[m] * (valid[m] < 1 ? 1 - Math.min(1, 2 * soft[m]) : 1);
  }
  // Smoothed too (the validity follows the mesh's triangles and left spikes of fill in the face), but never
  // above the validity's own fade: nothing from past the source's face may come in.
  const sure = feather(usable, region.width, region.height, 2 * r);
  for (let m = 0; m < sure.length; m++) sure[m] = Math.min(sure[m], envelope[m]);
  const fill = pushPull(warped, sure, region.width, region.height);
  for (let m = 0; m < valid.length; m++) {
    const v = sure[m];
    if (valid[m] === 0 || v >= 1) continue;
    for (let c = 0; c < 3; c++) warped[m * 3 + c] = v * warped[m * 3 + c] + (1 - v) * fill[m * 3 + c];
  }
}

/** Adds to `lab` the target's pixels (in L*a*b*) selected by `wanted` that `have` does not yet hold. */
function labOfMissing(
  image: RgbImage,
  region: Region,
  wanted: Uint8Array,
  have: Uint8Array,
  lab: Float32Array,
): void {
  const missing = new Uint8Array(wanted.length);
  for (let m = 0; m < wanted.length; m++) missing[m] = wanted[m] & (have[m] ^ 1);
  const added = copyRegion(image, region, missing);
  rgbToLab(added, missing);
  for (let m = 0; m < missing.length; m++) if (missing[m]) lab.set(added.subarray(m * 3, m * 3 + 3), m * 3);
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
 * image = warped·α + image·(1 − α) over the region, α = mask × covered (the face, less the hair kept);
 * returns α.
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

/**
 * A target face narrower than this (pixels, cheek to cheek) is swapped on an enlarged copy of its
 * surroundings: the warp, the masks and the blend need pixels to work with (a 30 px face has a 1 px fade).
 */
const SUPERSAMPLE_BELOW = 100;
const MAX_SUPERSAMPLING = 8;

/** The region of `image` enlarged `factor` times (bilinear, pixel centres aligned). */
function enlarge(image: RgbImage, region: Region, factor: number): RgbImage {
  const width = region.width * factor;
  const height = region.height * factor;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, region.y + (y + 0.5) / factor - 0.5));
    const y0 = Math.min(image.height - 2, Math.floor(sy));
    const fy = Math.min(1, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, region.x + (x + 0.5) / factor - 0.5));
      const x0 = Math.min(image.width - 2, Math.floor(sx));
      const fx = Math.min(1, sx - x0);
      const p = (y0 * image.width + x0) * 3;
      const q = p + image.width * 3;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = image.data[p + c] * (1 - fx) + image.data[p + 3 + c] * fx;
        const bottom = image.data[q + c] * (1 - fx) + image.data[q + 3 + c] * fx;
        data[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data, width, height };
}

/**
 * Swaps the source face into `image` (changed in place) where `targetMesh` lies; returns where and how
 * strongly it blended, in `image` pixels. A small target face is swapped on its surroundings enlarged to
 * about `SUPERSAMPLE_BELOW` pixels of face width, and the change brought back down by averaging each block:
 * pixels whose block the swap did not touch stay exactly as they were.
 */
export function swapFace(
  image: RgbImage,
  targetMesh: FaceMesh,
  source: RgbImage,
  sourceMesh: FaceMesh,
  options: SwapOptions = {},
): BlendCoverage {
  const [a, b] = CHEEKS.map((i) => point(targetMesh.points, i));
  const width = Math.hypot(a.x - b.x, a.y - b.y);
  const factor = Math.min(MAX_SUPERSAMPLING, Math.ceil(SUPERSAMPLE_BELOW / Math.max(1, width)));
  if (factor <= 1 || image.width < 2 || image.height < 2) {
    return swapFaceInto(image, targetMesh, source, sourceMesh, options);
  }
  const region = regionAround(targetMesh.points, ALL_POINTS, 4, image.width, image.height);
  if (region.width === 0 || region.height === 0) return { region, alpha: new Float32Array(0) };
  const large = enlarge(image, region, factor);
  const before = Uint8Array.from(large.data);
  const points = Float32Array.from(targetMesh.points);
  for (let i = 0; i < points.length; i += 3) {
    points[i] = (points[i] - region.x) * factor;
    points[i + 1] = (points[i + 1] - region.y) * factor;
    points[i + 2] *= factor;
  }
  const coverage = swapFaceInto(large, { ...targetMesh, points }, source, sourceMesh, options);
  // Back down: each pixel takes the mean change of its block; α likewise.
  const alpha = new Float32Array(region.width * region.height);
  const largeAlpha = (x: number, y: number) => {
    const col = x - coverage.region.x;
    const row = y - coverage.region.y;
    return col >= 0 && row >= 0 && col < coverage.region.width && row < coverage.region.height
      ? coverage.alpha[row * coverage.region.width + col]
      : 0;
  };
  const blockArea = factor * factor;
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      let covered = 0;
      const change = [0, 0, 0];
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const x = col * factor + dx;
          const y = row * factor + dy;
          covered += largeAlpha(x, y);
          const o = (y * large.width + x) * 3;
          for (let c = 0; c < 3; c++) change[c] += large.data[o + c] - before[o + c];
        }
      }
      alpha[m] = covered / blockArea;
      if (covered === 0) continue;
      const p = ((region.y + row) * image.width + region.x + col) * 3;
      for (let c = 0; c < 3; c++) {
        image.data[p + c] = Math.min(255, Math.max(0, Math.round(image.data[p + c] + change[c] / blockArea)));
      }
    }
  }
  return { region, alpha };
}
