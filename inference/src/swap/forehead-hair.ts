import { FACE_OVAL, FOREHEAD_TOP, NOSE_TIP } from '../landmarks/mesh-indices.js';
import type { ChannelStats } from './color-transfer.js';
import { boxAround, centroid, cropToBox, point } from './geometry.js';
import { inBox, skinBox } from './harmonize.js';
import { feather, fillPolygon, shrinkTowards } from './mask.js';
import type { Region } from './region.js';

/** Points on the top edge of the right and the left brow (see `foreheadWeights`). */
const BROW_TOPS = [105, 334] as const;
const BROW_CLEARANCE = 0.01;
const FOREHEAD_RAMP = 0.02;
/** On the forehead, a pixel this many standard deviations darker than the skin counts as hair. */
const HAIR_DARKER = 1.5;
/** Hair on the forehead is softened over about twice this fraction of the face width. */
const HAIR_SOFTEN = 0.008;

/**
 * Temples: above the nose tip, the face's outer band this wide (a fraction of the face width) is where hair
 * falls over the face too; it fades in over `TEMPLE_RAMP` inwards.
 */
const TEMPLE_BAND = 0.1;
const TEMPLE_RAMP = 0.03;

/** Where hair may lie over the face, 0–1 per region pixel. */
export interface HairZones {
  /** 0 up to `BROW_CLEARANCE` above the line through the brows' tops, 1 from `BROW_CLEARANCE` + `FOREHEAD_RAMP`. */
  forehead: Float32Array;
  /** Above the nose tip, the outer `TEMPLE_BAND` of the face oval (fractions of the face width). */
  temples: Float32Array;
}

/** The forehead and temples of the written pixels (see `HairZones`). */
export function hairZones(
  dest: Float32Array,
  region: Region,
  written: Uint8Array,
  faceWidth: number,
): HairZones {
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
  const temples = new Float32Array(written.length);
  // The temples: outside the oval shrunk by the band, fading in over the ramp (four steps: polygon fills
  // cost a fraction of a blur over the face), above the nose tip.
  const oval = FACE_OVAL.map((i) => point(dest, i));
  const centre = centroid(oval);
  const inner = new Float32Array(written.length);
  for (const step of [-1.5, -0.5, 0.5, 1.5]) {
    const inset = (TEMPLE_BAND + (step * TEMPLE_RAMP) / 4) * faceWidth;
    const filled = fillPolygon(shrinkTowards(oval, centre, inset), region);
    for (let m = 0; m < inner.length; m++) inner[m] += filled[m] / 4;
  }
  const nose = point(dest, NOSE_TIP);
  const noseHeight = nx * (nose.x - a.x) + ny * (nose.y - a.y);
  for (let row = 0, m = 0; row < region.height; row++) {
    const along = ny * (region.y + row + 0.5 - a.y);
    for (let col = 0; col < region.width; col++, m++) {
      if (!written[m]) continue;
      const height = nx * (region.x + col + 0.5 - a.x) + along;
      if (height > start) weights[m] = Math.min(1, (height - start) / ramp);
      if (height > noseHeight) {
        const temple = (1 - inner[m]) * Math.min(1, (height - noseHeight) / ramp);
        temples[m] = temple;
      }
    }
  }
  return { forehead: weights, temples };
}

/**
 * The L*a*b* box of skin for the hair test: hair is darker than skin, so the dark side is drawn tighter; a
 * highlight is lighter, and still skin (counted as hair it let the target's forehead show as a white spot).
 */
function hairlessBox(skin: ChannelStats): Float32Array {
  const box = skinBox(skin);
  box[0] = skin.mean[0] - Math.max(HAIR_DARKER * skin.std[0], 8);
  box[1] = 100;
  return box;
}

/**
 * Hair wins: on the forehead where the face photo shows hair (or a hat) instead of skin, or the target does,
 * and on the temples where the target does (the face photo's own outline is filled from its skin instead),
 * the target's own pixels stay (lower `covered`). Judged per pixel, each side against its own skin's colour
 * (before any colour transfer, which would make a dark fringe pass for skin), then softened so that strands
 * do not speckle.
 */
export function keepHair(
  face: Float32Array,
  faceSkin: ChannelStats,
  target: Float32Array,
  targetSkin: ChannelStats,
  zones: HairZones,
  region: Region,
  faceWidth: number,
  covered: Float32Array,
): void {
  const faceBox = hairlessBox(faceSkin);
  const box = hairlessBox(targetSkin);
  const { forehead, temples } = zones;
  const hair = new Float32Array(forehead.length);
  let [top, bottom, left, right] = [region.height, -1, region.width, -1];
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      if (forehead[m] === 0 && temples[m] === 0) continue;
      const targetHair = !inBox(target, m * 3, box);
      const weight = targetHair ? Math.max(forehead[m], temples[m]) : forehead[m];
      if (weight > 0 && (targetHair || !inBox(face, m * 3, faceBox))) {
        hair[m] = weight;
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
