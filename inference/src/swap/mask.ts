import type { Point } from '../types.js';
import type { Region } from './region.js';

/** Fills the polygon into a 0/1 coverage of the region (pixel centres inside, even-odd rule). */
export function fillPolygon(polygon: Point[], region: Region): Float32Array {
  const mask = new Float32Array(region.width * region.height);
  const crossings: number[] = [];
  for (let row = 0; row < region.height; row++) {
    const y = region.y + row + 0.5;
    crossings.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const p = polygon[i];
      const q = polygon[j];
      if (p.y > y !== q.y > y) crossings.push(p.x + ((y - p.y) / (q.y - p.y)) * (q.x - p.x));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(0, Math.ceil(crossings[k] - region.x - 0.5));
      const to = Math.min(region.width - 1, Math.floor(crossings[k + 1] - region.x - 0.5));
      mask.fill(1, row * region.width + from, row * region.width + to + 1);
    }
  }
  return mask;
}

/** One box blur pass of radius r along rows or (`columns`) along columns, by running sums. */
function boxBlur(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  r: number,
  columns: boolean,
) {
  const lines = columns ? width : height;
  const length = columns ? height : width;
  const step = columns ? width : 1;
  const lineStep = columns ? 1 : width;
  const norm = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    let sum = 0;
    // Outside the region counts as 0: the mask is zero at the region's border anyway.
    for (let k = 0; k <= Math.min(r, length - 1); k++) sum += src[base + k * step];
    for (let i = 0; i < length; i++) {
      dst[base + i * step] = sum * norm;
      const add = i + r + 1;
      const drop = i - r;
      if (add < length) sum += src[base + add * step];
      if (drop >= 0) sum -= src[base + drop * step];
    }
  }
}

/** Two separable box blur passes (close to a Gaussian); the support grows by 2r on every side. */
export function feather(mask: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return mask;
  const tmp = new Float32Array(mask.length);
  const out = new Float32Array(mask.length);
  boxBlur(mask, tmp, width, height, r, false);
  boxBlur(tmp, out, width, height, r, true);
  boxBlur(out, tmp, width, height, r, false);
  boxBlur(tmp, out, width, height, r, true);
  return out;
}

/** Moves every polygon vertex `distance` pixels towards `centre` (an erosion for a star-shaped outline). */
export function shrinkTowards(polygon: Point[], centre: Point, distance: number): Point[] {
  return polygon.map((p) => {
    const dx = p.x - centre.x;
    const dy = p.y - centre.y;
    const length = Math.hypot(dx, dy);
    const keep = length > distance ? (length - distance) / length : 0;
    return { x: centre.x + dx * keep, y: centre.y + dy * keep };
  });
}
