import type { ChannelStats } from './color-transfer.js';
import { medianInPlace } from './median.js';
import { KNOWN, OUTSIDE, solveMembrane, UNKNOWN, type MembraneOptions } from './membrane.js';
import { float32Scratch, int32Scratch } from './scratch.js';

/** A boundary difference larger than this (L*, a*, b*) is not lighting but something else showing through. */
const MAX_OFFSET = [20, 8, 8];
/** The offset field's finest detail, as a fraction of the face width. */
const DETAIL = 0.04;
/** Skin-like: within this many standard deviations (or the floor, in L*a*b* units) of the skin's mean. */
const SKIN_SIGMAS = 2.5;
const SKIN_FLOOR = [8, 5, 5];

/**
 * Smooth fill of a sparse field (push-pull): `values` (3 channels) are known where `weights` > 0 (weights up
 * to 1 = fully known); returns a field defined everywhere that keeps the known values and interpolates
 * between them, like a membrane, coarse to fine. With `wanted`, only the pixels it marks are filled in (the
 * others are left 0; the coarser levels are computed as ever).
 */
export function pushPull(
  values: Float32Array,
  weights: Float32Array,
  width: number,
  height: number,
  wanted?: Uint8Array,
): Float32Array {
  if (width <= 1 && height <= 1) {
    const out = new Float32Array(values.length);
    if (weights[0] > 0) out.set(values.subarray(0, 3));
    return out;
  }
  // Pull: 2×2 weighted sums into a half-size level.
  const w2 = Math.ceil(width / 2);
  const h2 = Math.ceil(height / 2);
  const coarseValues = new Float32Array(w2 * h2 * 3);
  const coarseWeights = new Float32Array(w2 * h2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const m = y * width + x;
      const w = weights[m];
      if (w === 0) continue;
      const c = (y >> 1) * w2 + (x >> 1);
      coarseWeights[c] += w;
      coarseValues[c * 3] += values[m * 3] * w;
      coarseValues[c * 3 + 1] += values[m * 3 + 1] * w;
      coarseValues[c * 3 + 2] += values[m * 3 + 2] * w;
    }
  }
  for (let c = 0; c < coarseWeights.length; c++) {
    const w = coarseWeights[c];
    if (w === 0) continue;
    coarseValues[c * 3] /= w;
    coarseValues[c * 3 + 1] /= w;
    coarseValues[c * 3 + 2] /= w;
    // A coarse cell is as sure as one fully known fine pixel at most.
    coarseWeights[c] = Math.min(1, w);
  }
  const coarse = pushPull(coarseValues, coarseWeights, w2, h2);
  // Push: where a pixel is not (fully) known, the coarse field, bilinearly upsampled, fills in.
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const cy = Math.min(h2 - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(cy);
    const y1 = Math.min(h2 - 1, y0 + 1);
    const fy = cy - y0;
    for (let x = 0; x < width; x++) {
      const m = y * width + x;
      if (wanted && !wanted[m]) continue;
      const own = Math.min(1, weights[m]);
      const cx = Math.min(w2 - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(cx);
      const x1 = Math.min(w2 - 1, x0 + 1);
      const fx = cx - x0;
      const a = (y0 * w2 + x0) * 3;
      const b = (y0 * w2 + x1) * 3;
      const c = (y1 * w2 + x0) * 3;
      const d = (y1 * w2 + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const filled =
          (coarse[a + k] * (1 - fx) + coarse[b + k] * fx) * (1 - fy) +
          (coarse[c + k] * (1 - fx) + coarse[d + k] * fx) * fy;
        out[m * 3 + k] = own * values[m * 3 + k] + (1 - own) * filled;
      }
    }
  }
  return out;
}

/** The L*a*b* box around the skin's mean that counts as skin-like: [low L, high L, low a, …]. */
export function skinBox(skin: ChannelStats): Float32Array {
  const box = new Float32Array(6);
  for (let c = 0; c < 3; c++) {
    const limit = Math.max(SKIN_SIGMAS * skin.std[c], SKIN_FLOOR[c]);
    box[c * 2] = skin.mean[c] - limit;
    box[c * 2 + 1] = skin.mean[c] + limit;
  }
  return box;
}

export function inBox(lab: Float32Array, o: number, box: Float32Array): boolean {
  return (
    lab[o] >= box[0] &&
    lab[o] <= box[1] &&
    lab[o + 1] >= box[2] &&
    lab[o + 1] <= box[3] &&
    lab[o + 2] >= box[4] &&
    lab[o + 2] <= box[5]
  );
}

/**
 * Matches the swapped face's low frequencies to the target along the blend's edge (a cheap stand-in for
 * gradient-domain blending): where the edge shows skin in both, the L*a*b* difference target − face is
 * measured, clamped, spread smoothly over the whole face by push-pull and added, so that lighting gradients
 * across the target's face carry into the swapped one and the fade shows no step. Hair, beards and glasses
 * at the edge (not skin-like) do not count. `edge` marks the measured pixels; works in place on `face`.
 */
export function matchEdge(
  face: Float32Array,
  target: Float32Array,
  edge: Uint8Array,
  written: Uint8Array,
  skin: ChannelStats,
  width: number,
  height: number,
  faceWidth: number,
): void {
  // The offsets are averaged into cells of `cell` pixels, filled by push-pull, and applied bilinearly.
  const cell = Math.max(1, Math.round(faceWidth * DETAIL));
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const sums = new Float32Array(gw * gh * 3);
  const counts = new Float32Array(gw * gh);
  const box = skinBox(skin);
  let known = 0;
  for (let y = 0, m = 0; y < height; y++) {
    const row = Math.floor(y / cell) * gw;
    for (let x = 0; x < width; x++, m++) {
      if (!edge[m] || !inBox(target, m * 3, box) || !inBox(face, m * 3, box)) continue;
      const g = row + Math.floor(x / cell);
      for (let c = 0; c < 3; c++) {
        const o = m * 3 + c;
        sums[g * 3 + c] += Math.min(MAX_OFFSET[c], Math.max(-MAX_OFFSET[c], target[o] - face[o]));
      }
      counts[g]++;
      known++;
    }
  }
  if (known === 0) return;
  for (let g = 0; g < counts.length; g++) {
    if (counts[g] === 0) continue;
    for (let c = 0; c < 3; c++) sums[g * 3 + c] /= counts[g];
    // A cell is fully known once a quarter of it is measured.
    counts[g] = Math.min(1, (4 * counts[g]) / (cell * cell));
  }
  const field = pushPull(sums, counts, gw, gh);
  addUpsampled(face, written, field, gw, gh, cell, width, height);
}

/**
 * How far (L*, a*, b*) a border cell's difference may be from those of the cells within `AGREEMENT_REACH`
 * cells around it and still count as lighting.
 */
const BORDER_AGREEMENT = [10, 6, 6];
const AGREEMENT_REACH = 3;
/** How much darker than the skin's mean (L*) the border's skin may be in shadow and still be measured. */
const SHADOW_DEPTH = 25;

const sampleCells = int32Scratch();
const cellFill = int32Scratch();
const sampleValues = float32Scratch();
const aroundValues = float32Scratch();

/** The membrane's cells, as a fraction of the face width: fine enough for lighting, coarse enough to be fast. */
const MEMBRANE_CELL = 0.025;

/**
 * The gradient-domain blend's correction (see `solveMembrane`): where the fade shows skin in both, the
 * L*a*b* difference target − face is measured (clamped; hair, beards and glasses at the edge do not count)
 * and averaged into cells; those cells hold their value, every other cell the face covers is solved as a
 * harmonic membrane between them, and the result is added to the face. The face then keeps its own detail
 * and takes the target's tone and light all along its border. Returns false, changing nothing, when the
 * solver does not converge (the caller falls back to `matchEdge` and a wider fade).
 */
export function matchBorder(
  face: Float32Array,
  target: Float32Array,
  edge: Uint8Array,
  written: Uint8Array,
  skin: ChannelStats,
  width: number,
  height: number,
  faceWidth: number,
  solver: MembraneOptions,
): boolean {
  const cell = Math.max(1, Math.round(faceWidth * MEMBRANE_CELL));
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const sums = new Float32Array(gw * gh * 3);
  const kind = new Uint8Array(gw * gh);
  // Skin in the border's shadow counts too (the sides of a face are darker): hair is told apart below.
  const box = skinBox(skin);
  box[0] = Math.min(box[0], skin.mean[0] - SHADOW_DEPTH);
  // Per cell, the differences where both sides look like skin (counted first, then laid out per cell and
  // channel in scan order in one scratch buffer: no per-cell lists)...
  const cells = gw * gh;
  const counts = new Int32Array(cells + 1);
  const cellOf = sampleCells(width * height);
  for (let y = 0, m = 0; y < height; y++) {
    const row = Math.floor(y / cell) * gw;
    for (let x = 0; x < width; x++, m++) {
      cellOf[m] = -1;
      if (!written[m]) continue;
      const g = row + Math.floor(x / cell);
      kind[g] = UNKNOWN;
      if (!edge[m] || !inBox(target, m * 3, box) || !inBox(face, m * 3, box)) continue;
      cellOf[m] = g;
      counts[g + 1]++;
    }
  }
  const start = counts;
  for (let g = 0; g < cells; g++) start[g + 1] += start[g];
  const filled = cellFill(cells);
  filled.fill(0, 0, cells);
  const values = sampleValues(start[cells] * 3);
  for (let m = 0; m < cellOf.length; m++) {
    const g = cellOf[m];
    if (g < 0) continue;
    const n = start[g + 1] - start[g];
    const at = start[g] * 3 + filled[g]++;
    for (let c = 0; c < 3; c++) {
      const o = m * 3 + c;
      values[at + c * n] = Math.min(MAX_OFFSET[c], Math.max(-MAX_OFFSET[c], target[o] - face[o]));
    }
  }
  // ...their median, for a cell measured on a quarter of its pixels at least (a few hairs are outvoted)...
  const candidate = new Uint8Array(cells);
  for (let g = 0; g < cells; g++) {
    const n = start[g + 1] - start[g];
    if (n === 0 || n < (cell * cell) / 4) continue;
    for (let c = 0; c < 3; c++) {
      const from = start[g] * 3 + c * n;
      sums[g * 3 + c] = medianInPlace(values.subarray(from, from + n));
    }
    candidate[g] = 1;
  }
  // ...kept where it agrees with the cells around it: blond hair, stubble or a shadow along a stretch of the
  // border can pass for skin, and pulled the face's side towards their colour (a pale veil, a grey jaw).
  const around = aroundValues((2 * AGREEMENT_REACH + 1) ** 2);
  let known = 0;
  for (let g = 0; g < cells; g++) {
    if (!candidate[g]) continue;
    const gx = g % gw;
    const gy = Math.floor(g / gw);
    let agrees = true;
    for (let c = 0; c < 3 && agrees; c++) {
      let n = 0;
      for (let v = Math.max(0, gy - AGREEMENT_REACH); v <= Math.min(gh - 1, gy + AGREEMENT_REACH); v++)
        for (let u = Math.max(0, gx - AGREEMENT_REACH); u <= Math.min(gw - 1, gx + AGREEMENT_REACH); u++) {
          const k = v * gw + u;
          if (k !== g && candidate[k]) around[n++] = sums[k * 3 + c];
        }
      if (n === 0) break;
      agrees = Math.abs(sums[g * 3 + c] - medianInPlace(around.subarray(0, n))) <= BORDER_AGREEMENT[c];
    }
    if (!agrees) continue;
    kind[g] = KNOWN;
    known++;
  }
  if (known === 0) return true;
  const membrane = solveMembrane(sums, kind, gw, gh, solver);
  if (!membrane) return false;
  // Cells outside the face take their neighbours' values, so that upsampling does not pull the edge to 0.
  const inside = new Float32Array(gw * gh);
  for (let g = 0; g < inside.length; g++) if (kind[g] !== OUTSIDE) inside[g] = 1;
  const field = pushPull(membrane.field, inside, gw, gh);
  addUpsampled(face, written, field, gw, gh, cell, width, height);
  return true;
}

/** Adds the cell field (3 channels, `cell` pixels a cell), bilinearly upsampled, to the written pixels. */
function addUpsampled(
  face: Float32Array,
  written: Uint8Array,
  field: Float32Array,
  gw: number,
  gh: number,
  cell: number,
  width: number,
  height: number,
): void {
  for (let y = 0, m = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++, m++) {
      if (!written[m]) continue;
      const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / cell - 0.5));
      const x0 = Math.floor(gx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const fx = gx - x0;
      const a = (y0 * gw + x0) * 3;
      const b = (y0 * gw + x1) * 3;
      const c = (y1 * gw + x0) * 3;
      const d = (y1 * gw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        face[m * 3 + k] +=
          (field[a + k] * (1 - fx) + field[b + k] * fx) * (1 - fy) +
          (field[c + k] * (1 - fx) + field[d + k] * fx) * fy;
      }
    }
  }
}
