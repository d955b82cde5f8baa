import { FOREHEAD_TOP } from '../landmarks/mesh-indices.js';
import type { ChannelStats } from './color-transfer.js';
import { boxAround, cropToBox, point } from './geometry.js';
import { inBox, skinBox } from './harmonize.js';
import { feather } from './mask.js';
import type { Region } from './region.js';

/** Points on the top edge of the right and the left brow (see `foreheadWeights`). */
const BROW_TOPS = [105, 334] as const;
const BROW_CLEARANCE = 0.04;
const FOREHEAD_RAMP = 0.04;
/** On the forehead, a pixel this many standard deviations darker than the skin counts as hair. */
const HAIR_DARKER = 1.5;
/** Hair on the forehead is softened over about twice this fraction of the face width. */
const HAIR_SOFTEN = 0.008;

/**
 * How far each written pixel is into the forehead, 0–1: 0 up to `BROW_CLEARANCE` above the line through the
 * brows' tops, 1 from `BROW_CLEARANCE` + `FOREHEAD_RAMP` (fractions of the face width).
 */
export function foreheadWeights(
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
export function keepHairOnForehead(
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
