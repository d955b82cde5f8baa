/**
 * The template's expression-bearing detail (issue 23): the creases of a frown or a grimace (between the
 * brows and across the nose's bridge: a wrinkled nose) are kept from the template as mixed gradients on the
 * lightness's fine detail: in those zones, where the template's detail is stronger than the pasted face's,
 * the face's detail is replaced by the template's. (The nasolabial folds and crow's feet too, a laugh's
 * lines, lost one tuning pair's expression to face-api: docs/MODELS.md.) The face photo's own features
 * (eyes, brows, lips of both meshes) are protected and its geometry is untouched: moving the mouth's or
 * eyes' outline towards the template's cost identity with both judges (docs/MODELS.md).
 */
import { LINEAR } from './color-transfer.js';
import { point } from './geometry.js';
import { feather } from './mask.js';
import type { Region } from './region.js';
import type { Point, RgbImage } from '../types.js';

/** A zone: a capsule between two mesh points, `radius` × the face width about them. */
interface Zone {
  from: number;
  to: number;
  radius: number;
}

/** MediaPipe mesh indices: between the brows 9–168 (a frown), the nose's bridge 168–195 (a wrinkled nose). */
export const EXPRESSION_ZONES: readonly Zone[] = [
  { from: 9, to: 168, radius: 0.07 },
  { from: 168, to: 195, radius: 0.05 },
];

/** The detail's scale: lightness less its blur of this fraction of the face width (4 box passes). */
const DETAIL_RADIUS = 0.012;
/** The template's detail is taken up to this many L* units either side (a beard's or frame's is not a crease). */
const DETAIL_LIMIT = 14;

const smooth = (t: number) => t * t * (3 - 2 * t);

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** A capsule in image coordinates: the segment from `a` to `b`, `radius` pixels about it. */
export interface Capsule {
  a: Point;
  b: Point;
  radius: number;
}

/** The zones about the template's mesh (`target`) for a face `faceWidth` pixels wide. */
export function zoneCapsules(target: Float32Array, faceWidth: number): Capsule[] {
  return EXPRESSION_ZONES.map((zone) => ({
    a: point(target, zone.from),
    b: point(target, zone.to),
    radius: zone.radius * faceWidth,
  }));
}

/**
 * The capsule's bounding box grown by `reach` pixels, clipped to `region`; null when it is narrower or
 * shorter than `least` pixels there.
 */
export function capsuleBox(capsule: Capsule, reach: number, region: Region, least = 1): Region | null {
  const { a, b } = capsule;
  const x0 = Math.max(region.x, Math.floor(Math.min(a.x, b.x) - reach));
  const y0 = Math.max(region.y, Math.floor(Math.min(a.y, b.y) - reach));
  const x1 = Math.min(region.x + region.width, Math.ceil(Math.max(a.x, b.x) + reach));
  const y1 = Math.min(region.y + region.height, Math.ceil(Math.max(a.y, b.y) + reach));
  return x1 - x0 < least || y1 - y0 < least ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The capsule's 0–1 weight over `box` (image coordinates): 1 along its middle, 0 at its radius. */
export function capsuleWeight({ a, b, radius }: Capsule, box: Region): Float32Array {
  const weight = new Float32Array(box.width * box.height);
  for (let y = 0, m = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, m++) {
      const d = distanceToSegment({ x: box.x + x + 0.5, y: box.y + y + 0.5 }, a, b);
      if (d < radius) weight[m] = smooth(Math.min(1, (2 * (radius - d)) / radius));
    }
  return weight;
}

/**
 * Mixed gradients on the fine detail of L* over a `width` × `height` box: `face` and `template` are its L*
 * values; where `weight` > 0 and the template's detail (L* less its blur of `radius`) is stronger than the
 * face's, the face's detail moves to the template's by `weight` (the face's coarse lightness stays). Returns
 * the face's new L* (the input where nothing changes).
 */
export function mixDetail(
  face: Float32Array,
  template: Float32Array,
  weight: Float32Array,
  width: number,
  height: number,
  radius: number,
  limit = DETAIL_LIMIT,
): Float32Array {
  const faceBase = feather(face, width, height, radius);
  const templateBase = feather(template, width, height, radius);
  const out = Float32Array.from(face);
  for (let k = 0; k < out.length; k++) {
    const w = weight[k];
    if (w <= 0) continue;
    const faceDetail = face[k] - faceBase[k];
    const templateDetail = Math.max(-limit, Math.min(limit, template[k] - templateBase[k]));
    if (Math.abs(templateDetail) <= Math.abs(faceDetail)) continue;
    out[k] = Math.max(0, Math.min(100, face[k] + w * (templateDetail - faceDetail)));
  }
  return out;
}

/** CIE L* of an sRGB pixel (as `rgbToLab` computes it). */
function lightness(r: number, g: number, b: number): number {
  const y = 0.2126729 * LINEAR[r] + 0.7151522 * LINEAR[g] + 0.072175 * LINEAR[b];
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

/**
 * Keeps the template's expression creases in the pasted face (`face`, L*a*b* per pixel of `region`, changed
 * in place where `written`): zone by zone about the template's mesh (`target`), less the protected features
 * (`features`, 0–1: eyes, brows and lips of both meshes), by `mixDetail` against the template (`image`, not
 * yet changed). Each zone works in its own small box, so the stage costs a few milliseconds.
 */
export function keepExpressionDetail(
  face: Float32Array,
  image: RgbImage,
  target: Float32Array,
  written: Uint8Array,
  features: Float32Array,
  region: Region,
  faceWidth: number,
): void {
  const radius = Math.max(1, Math.round(DETAIL_RADIUS * faceWidth));
  for (const capsule of zoneCapsules(target, faceWidth)) {
    // The capsule's box and the blur's reach (4 box passes of `radius`) round it, inside the region.
    const box = capsuleBox(capsule, capsule.radius + 4 * radius + 1, region, 3);
    if (!box) continue;
    const weight = capsuleWeight(capsule, box);
    const faceL = new Float32Array(weight.length);
    const templateL = new Float32Array(weight.length);
    let any = false;
    for (let y = 0, k = 0; y < box.height; y++) {
      let m = (box.y - region.y + y) * region.width + (box.x - region.x);
      let p = ((box.y + y) * image.width + box.x) * 3;
      for (let x = 0; x < box.width; x++, k++, m++, p += 3) {
        weight[k] *= written[m] * (1 - features[m]);
        if (weight[k] > 0) any = true;
        faceL[k] = face[m * 3];
        templateL[k] = lightness(image.data[p], image.data[p + 1], image.data[p + 2]);
      }
    }
    if (!any) continue;
    const mixed = mixDetail(faceL, templateL, weight, box.width, box.height, radius);
    for (let y = 0, k = 0; y < box.height; y++) {
      let m = (box.y - region.y + y) * region.width + (box.x - region.x);
      for (let x = 0; x < box.width; x++, k++, m++) if (weight[k] > 0) face[m * 3] = mixed[k];
    }
  }
}
