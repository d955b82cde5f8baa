import type { RgbImage } from '../types.js';
import type { Region } from './region.js';

/** Where a swap wrote and how strongly: α per pixel of `region` (0 = the target's pixel kept). */
export interface BlendCoverage {
  region: Region;
  alpha: Float32Array;
}

/** Partly blended pixels: the feathered edge (and any partly covered inside). */
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
