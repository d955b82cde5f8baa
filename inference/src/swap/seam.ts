import type { RgbImage } from '../types.js';
import type { Region } from './region.js';

/** Where a swap wrote and how strongly: α per pixel of `region` (0 = the target's pixel kept). */
export interface BlendCoverage {
  region: Region;
  alpha: Float32Array;
}

/** The outer part of the fade, where the target still dominates. */
const EDGE_LOW_ALPHA = 0.05;
const EDGE_HIGH_ALPHA = 0.7;
/** Sectors around the face's centre in which the edge's step is measured. */
const SECTORS = 16;

const EDGE_LOW = 0.02;
const EDGE_HIGH = 0.98;

/**
 * How much edge the blend added where it fades between the swapped face and the target: the mean gradient
 * magnitude (of luma, central differences) over the partly blended pixels in `after`, divided by the same in
 * `before`, minus 1. Around 0 the transition is as smooth as the target was there; a visible seam or band
 * makes it clearly positive.
 */
export function seamScore(before: RgbImage, after: RgbImage, coverage: BlendCoverage): number {
  const { region, alpha } = coverage;
  const luma = (data: Uint8Array, p: number) => 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
  const gradient = (data: Uint8Array, x: number, y: number) => {
    const row = before.width * 3;
    const p = (y * before.width + x) * 3;
    const gx = luma(data, x + 1 < before.width ? p + 3 : p) - luma(data, x > 0 ? p - 3 : p);
    const gy = luma(data, y + 1 < before.height ? p + row : p) - luma(data, y > 0 ? p - row : p);
    return Math.hypot(gx, gy);
  };
  let added = 0;
  let had = 0;
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      if (alpha[m] <= EDGE_LOW || alpha[m] >= EDGE_HIGH) continue;
      const x = region.x + col;
      const y = region.y + row;
      added += gradient(after.data, x, y);
      had += gradient(before.data, x, y);
    }
  }
  return had > 0 ? added / had - 1 : 0;
}

/**
 * The step in lightness between the swapped face and the target where they cross-fade: around the face, in
 * `SECTORS` sectors, the mean of (after − before) luma over the fade divided by the mean α there (that is,
 * the face's mean offset from the target), and of those the median magnitude. Texture averages out; what
 * remains is the low-frequency step that shows as a halo or a pasted-on look.
 */
export function edgeStep(before: RgbImage, after: RgbImage, coverage: BlendCoverage): number {
  const { region, alpha } = coverage;
  const luma = (data: Uint8Array, p: number) => 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
  let [cx, cy, total] = [0, 0, 0];
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      cx += alpha[m] * col;
      cy += alpha[m] * row;
      total += alpha[m];
    }
  }
  if (total === 0) return 0;
  cx /= total;
  cy /= total;
  const differences = new Float64Array(SECTORS);
  const weights = new Float64Array(SECTORS);
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      if (alpha[m] <= EDGE_LOW_ALPHA || alpha[m] >= EDGE_HIGH_ALPHA) continue;
      const angle = Math.atan2(row - cy, col - cx) + Math.PI;
      const sector = Math.min(SECTORS - 1, Math.floor((angle / (2 * Math.PI)) * SECTORS));
      const p = ((region.y + row) * before.width + region.x + col) * 3;
      differences[sector] += luma(after.data, p) - luma(before.data, p);
      weights[sector] += alpha[m];
    }
  }
  const steps = [...differences]
    .map((difference, k) => (weights[k] > 0 ? Math.abs(difference / weights[k]) : NaN))
    .filter((step) => !Number.isNaN(step))
    .sort((a, b) => a - b);
  return steps.length > 0 ? steps[Math.floor(steps.length / 2)] : 0;
}
