import type { Point } from '../types.js';
import type { Region } from './region.js';
import { float32Scratch } from './scratch.js';

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

/** One box blur pass of radius r along each row, by a running sum. */
function blurRows(src: Float32Array, dst: Float32Array, width: number, height: number, r: number) {
  const norm = 1 / (2 * r + 1);
  const reach = Math.min(r, width - 1);
  for (let base = 0; base < width * height; base += width) {
    let sum = 0;
    // Outside the region counts as 0: the mask is zero at the region's border anyway.
    for (let k = 0; k <= reach; k++) sum += src[base + k];
    for (let i = 0; i < width; i++) {
      dst[base + i] = sum * norm;
      const add = i + r + 1;
      const drop = i - r;
      if (add < width) sum += src[base + add];
      if (drop >= 0) sum -= src[base + drop];
    }
  }
}

/**
 * The same pass along each column, with every column's running sum kept at once and the rows walked in
 * memory order (a column at a time strode across the whole region and missed the cache): the same sums,
 * added in the same order, as column by column.
 */
function blurColumns(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  r: number,
  sums: Float64Array,
) {
  const norm = 1 / (2 * r + 1);
  sums.fill(0, 0, width);
  for (let k = 0; k <= Math.min(r, height - 1); k++) {
    const row = k * width;
    for (let x = 0; x < width; x++) sums[x] += src[row + x];
  }
  for (let i = 0; i < height; i++) {
    const row = i * width;
    for (let x = 0; x < width; x++) dst[row + x] = sums[x] * norm;
    const add = i + r + 1;
    const drop = i - r;
    if (add < height) {
      const from = add * width;
      for (let x = 0; x < width; x++) sums[x] += src[from + x];
    }
    if (drop >= 0) {
      const from = drop * width;
      for (let x = 0; x < width; x++) sums[x] -= src[from + x];
    }
  }
}

/** The rows and columns holding a non-zero value: [x0, y0, x1, y1] (exclusive ends), null when all are 0. */
function nonZeroBox(
  mask: Float32Array,
  width: number,
  height: number,
): [number, number, number, number] | null {
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  for (let y = 0, m = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++, m++) {
      if (mask[m] !== 0) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    x0 = Math.min(x0, first);
    x1 = Math.max(x1, last + 1);
    if (y0 === height) y0 = y;
    y1 = y + 1;
  }
  return x1 > x0 ? [x0, y0, x1, y1] : null;
}

// A swap feathers dozens of masks: their intermediates are scratch, reused from call to call.
const blurScratch = float32Scratch();
const partScratch = float32Scratch();
let sumsScratch = new Float64Array(0);

/**
 * Four box blur passes (rows, columns, twice: close to a Gaussian) of a `width` × `height` mask into `out`
 * (every value written).
 */
function blur(mask: Float32Array, width: number, height: number, r: number, out: Float32Array): Float32Array {
  const tmp = blurScratch(mask.length);
  if (sumsScratch.length < width) sumsScratch = new Float64Array(width);
  const sums = sumsScratch;
  blurRows(mask, tmp, width, height, r);
  blurColumns(tmp, out, width, height, r, sums);
  blurRows(out, tmp, width, height, r);
  blurColumns(tmp, out, width, height, r, sums);
  return out;
}

/**
 * Two separable box blur passes (close to a Gaussian); the support grows by 2r on every side. Only the box
 * round the mask's non-zero values, grown by that reach, is blurred (the rest stays 0): many masks cover a
 * small part of the face's region.
 */
export function feather(mask: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return mask;
  const box = nonZeroBox(mask, width, height);
  if (!box) return new Float32Array(mask.length);
  const x0 = Math.max(0, box[0] - 2 * r);
  const y0 = Math.max(0, box[1] - 2 * r);
  const w = Math.min(width, box[2] + 2 * r) - x0;
  const h = Math.min(height, box[3] + 2 * r) - y0;
  if (w * h > 0.8 * width * height) return blur(mask, width, height, r, new Float32Array(mask.length));
  const part = partScratch(w * h);
  for (let y = 0; y < h; y++)
    part.set(mask.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + w), y * w);
  // The part's own array takes the result: the first pass has read it whole before the second writes it.
  const soft = blur(part, w, h, r, part);
  const out = new Float32Array(mask.length);
  for (let y = 0; y < h; y++) out.set(soft.subarray(y * w, y * w + w), (y0 + y) * width + x0);
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
