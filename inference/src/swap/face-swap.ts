import { CHEEKS, FACE_OVAL } from '../landmarks/mesh-indices.js';
import type { FaceMesh, RgbImage } from '../types.js';
import { blendInto } from './blend.js';
import {
  blendMask,
  FALLBACK_FEATHER,
  FEATHER,
  fadeOf,
  featureHull,
  protectFeatures,
  raiseFrames,
} from './blend-mask.js';
import { labToRgb, rgbToLab, skinStats } from './color-transfer.js';
import { keepExpressionDetail } from './expression-detail.js';
import { targetFeaturePixels, transferTones } from './feature-tones.js';
import { hairZones, keepHair } from './forehead-hair.js';
import { point, triangulate } from './geometry.js';
import { matchBorder, matchEdge } from './harmonize.js';
import { LIGHT_CORE, matchLight } from './light-match.js';
import type { MembraneOptions } from './membrane.js';
import { fillPolygon } from './mask.js';
import { mirrorPlan, mixMirror } from './mirror-fill.js';
import { applyTone, monochromeTone } from './monochrome.js';
import { destinationPoints } from './placement.js';
import { ALL_POINTS, regionAround } from './region.js';
import { copyRegion, labOfMissing, skinPixels } from './region-pixels.js';
import type { BlendCoverage } from './seam.js';
import { fillUnusable, validSourceArea } from './source-area.js';
import { enlarge, enlargedMesh, reduceChange, supersamplingFactor } from './supersample.js';
import { targetFrames } from './target-glasses.js';
import type { TrackStatistics } from './track-statistics.js';
import { type SourceMask, warpPiecewiseAffine } from './warp.js';
import { expandChange, reducedMesh, reduceRegion, reducedSize, workingScale } from './working-scale.js';
import { expressionWeight, fineDetail } from './fine-detail.js';

/** The blend's solver: stop at this relative residual, give up (fall back) after this many iterations. */
const SOLVER = { tolerance: 1e-3, maxIterations: 400 };

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
  /**
   * An animation's track: the colour and light stages take their statistics from it (smoothed over the
   * track) instead of from this frame alone, so the face does not flicker (see `TrackStatistics`).
   */
  track?: TrackStatistics;
  /**
   * The face photo's usable area (`sourceArea`), when the caller swaps the same photo many times (an
   * animation's frames): computed once on the photo's own triangulation instead of on every target's.
   */
  sourceArea?: SourceMask;
  /** The widest face worked at its own size; wider ones are swapped reduced to it (0 or none: off). */
  workingWidth?: number;
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
 * older edge match with a wider fade is the fallback when it does not converge); the face's light and
 * contrast inside the mask matched to the template's skin there (`matchLight`); the template's expression
 * creases kept as mixed gradients of the fine detail (`keepExpressionDetail`); a grayscale or sepia
 * template's tone; and an alpha blend with a feathered mask that keeps eyes, brows and lips whole.
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

  const valid = options.sourceArea ?? validSourceArea(source, sourceMesh.points, triangles);
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
  const track = options.track;
  const faceSkin = track ? track.faceSkin(() => skinStats(warped, skin)) : skinStats(warped, skin);
  fillUnusable(warped, covered, region, faceSkin, faceWidth);
  // From here on `covered` says how much of the face is kept: all of it but forehead hair.
  for (let m = 0; m < covered.length; m++) covered[m] = written[m];
  const edge = fadeOf(mask, covered);
  const { areas: targetAreas, select: measured } = targetFeaturePixels(targetMesh.points, region, faceWidth);
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
  const targetSkin = track ? track.targetSkin(() => skinStats(targetLab, skin)) : skinStats(targetLab, skin);
  keepHair(warped, faceSkin, targetLab, targetSkin, zones, region, faceWidth, covered);
  transferTones(warped, targetLab, written, faceSkin, targetSkin, dest, targetAreas, region, faceWidth);
  const size = [region.width, region.height, faceWidth] as const;
  if (!matchBorder(warped, targetLab, edge, written, targetSkin, ...size, solver)) {
    // Fallback: the wider fade hides what the simpler edge match leaves; it keeps to the oval (faded across
    // a turned face's nose profile, it left a step against the background).
    mask = blendMask(dest, null, features, region, faceWidth, FALLBACK_FEATHER);
    const wideEdge = fadeOf(mask, covered);
    labOfMissing(image, region, wideEdge, measured, targetLab);
    matchEdge(warped, targetLab, wideEdge, written, targetSkin, ...size);
  }
  // The face's light and contrast inside the mask: the template's skin's there (its border already matches).
  const alpha = new Float32Array(mask.length);
  const core = new Uint8Array(mask.length);
  for (let m = 0; m < mask.length; m++) {
    alpha[m] = mask[m] * covered[m];
    core[m] = alpha[m] >= LIGHT_CORE ? 1 : 0;
  }
  labOfMissing(image, region, core, measured, targetLab);
  matchLight(warped, targetLab, alpha, written, ...size, track && ((measure) => track.light(measure)));
  // The template's expression creases (a frown, a wrinkled nose), as mixed gradients of the fine detail.
  keepExpressionDetail(warped, image, targetMesh.points, written, features, region, faceWidth);
  // A grayscale or sepia template: the face takes its tone (no pink lips or eyes in a black-and-white picture).
  const measureTone = () => monochromeTone(targetLab, measured);
  const tone = track ? track.tone(measureTone) : measureTone();
  if (tone) applyTone(warped, written, tone);
  labToRgb(warped, written);
  return { region, alpha: blendInto(image, region, warped, mask, covered) };
}

/**
 * Swaps the source face into `image` (changed in place) where `targetMesh` lies; returns where and how
 * strongly it blended, in `image` pixels. A small target face is swapped on its surroundings enlarged to
 * about 100 pixels of face width, and the change brought back down by averaging each block:
 * pixels whose block the swap did not touch stay exactly as they were. A large one (over `workingWidth`) is
 * swapped on its surroundings reduced to that width, and the change brought back up with the face photo's
 * fine detail at full resolution (`expandChange`).
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
  const scale = workingScale(width, options.workingWidth);
  if (scale < 1) {
    const region = regionAround(targetMesh.points, ALL_POINTS, 4, image.width, image.height);
    if (region.width < 2 || region.height < 2) return { region, alpha: new Float32Array(0) };
    const size = reducedSize(region, scale);
    const reduced = reduceRegion(image, region, size);
    const before = Uint8Array.from(reduced.data);
    const mesh = reducedMesh(targetMesh, region, size);
    const coverage = swapFaceInto(reduced, mesh, source, sourceMesh, options);
    return expandChange(
      image,
      region,
      reduced,
      before,
      coverage,
      (alpha) => fineDetail(targetMesh, source, sourceMesh, region, size, alpha),
      expressionWeight(targetMesh.points, width, region),
    );
  }
  const factor = supersamplingFactor(width);
  if (factor <= 1 || image.width < 2 || image.height < 2) {
    return swapFaceInto(image, targetMesh, source, sourceMesh, options);
  }
  const region = regionAround(targetMesh.points, ALL_POINTS, 4, image.width, image.height);
  if (region.width === 0 || region.height === 0) return { region, alpha: new Float32Array(0) };
  const large = enlarge(image, region, factor);
  const before = Uint8Array.from(large.data);
  const coverage = swapFaceInto(large, enlargedMesh(targetMesh, region, factor), source, sourceMesh, options);
  return reduceChange(image, region, large, before, coverage, factor);
}
