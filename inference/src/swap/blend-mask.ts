import {
  FACE_OVAL,
  LEFT_BROW_OUTLINE,
  LEFT_EYE,
  LIPS_OUTER,
  RIGHT_BROW_OUTLINE,
  RIGHT_EYE,
} from '../landmarks/mesh-indices.js';
import type { Point } from '../types.js';
import { boxAround, centroid, convexHull, point, scaledOutline } from './geometry.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import type { Region } from './region.js';

/**
 * The mask's fade: two box-blur passes of radius 2% of the face width each (about 8% wide in all). The
 * gradient-domain blend matches tone and light across the border, so the fade only hides the change of
 * texture; a wider one keeps more of the target's cheeks and jaw (the values tried: docs/MODELS.md).
 */
export const FEATHER = 0.02;
/** The fallback's fade when the blend's solver does not converge: 4.5% each, about 18% wide. */
export const FALLBACK_FEATHER = 0.045;
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
export function blendMask(
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
export function fadeOf(mask: Float32Array, covered: Float32Array): Uint8Array {
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
export function protectFeatures(
  mask: Float32Array,
  dest: Float32Array,
  region: Region,
  faceWidth: number,
): void {
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

/** Raises `features` to 1 over the frames, grown by two pixels so that their soft edges and shadow go too. */
export function raiseFrames(features: Float32Array, frames: Float32Array, region: Region): void {
  const grown = feather(frames, region.width, region.height, 2);
  for (let m = 0; m < grown.length; m++) if (grown[m] > 0.02) features[m] = 1;
}
