import { meshYaw } from '../landmarks/head-pose.js';
import { LEFT_EYE, MESH_POINT_COUNT, RIGHT_EYE } from '../landmarks/mesh-indices.js';
import type { FaceMesh, RgbImage } from '../types.js';
import { boxAround, cropToBox, fillTriangle, polygonArea, scaledOutline } from './geometry.js';
import { feather, fillPolygon } from './mask.js';
import { MIRROR } from './mesh-symmetry.js';
import type { Region } from './region.js';
import { warpPiecewiseAffine, type SourceMask } from './warp.js';

/**
 * A source turned by at least this much (degrees, see `meshYaw`: about 16° of real turn) shows its far side
 * foreshortened and partly hidden by the nose: the far half is then taken from the mirror image of the near
 * half. Mixing the two pictures patch by patch doubled eyes and brows; a whole half keeps every feature in
 * one piece. (From 20°, moderately turned photos left a smooth, untextured fill over the far cheek.)
 */
const MIRROR_FROM_YAW = 12;
/** Along the midline the direct and mirrored pictures cross-fade over about 3% of the face width... */
const SWITCH_FEATHER = 0.0075;
/** ...but never over an eye: the eye and its lids (outline scaled by this about its centre) come from one. */
const EYE_CORE = 1.6;
/** The far eye's opening is used directly when its area is at least this fraction of the near eye's. */
const FAR_EYE_FROM = 0.4;
/** The direct far eye fades into the mirrored lids just outside its outline (scaled by this). */
const OPENING_FADE = 1.3;
const OPENING_FEATHER = 0.004;

/** Subject's right (−1), left (+1) or midline (0), from the canonical mirror pairs (right point first). */
function sideOf(i: number): number {
  return MIRROR[i] === i ? 0 : i < MIRROR[i] ? -1 : 1;
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
  const yaw = meshYaw(source);
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
 * Mixes the mirror picture (the source's mirror points warped onto the same triangles) into `warped` by
 * `weights`; `covered` becomes the mixed validity.
 */
export function mixMirror(
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
