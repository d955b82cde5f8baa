import type { FaceMesh, RgbImage } from '../types.js';
import type { Region } from './region.js';

/**
 * The working width measured in swap round 3 (`SWAP_WORKING_WIDTH_PX=256`; off by default): a target face
 * wider than the working width (pixels, cheek to cheek) is swapped on a reduced copy of its surroundings that
 * wide. Every stage of the swap is linear in the face's pixels, and a 500 px face cost about four times a
 * 250 px one while its colour, light and blend corrections are smooth; the fine detail the reduced copy
 * cannot hold is added back at full resolution (`expandChange`). It is off by default because one tuning
 * pair lost the template's expression with it (docs/MODELS.md).
 */
export const MEASURED_WORKING_WIDTH = 256;

/** The scale (< 1) a target face `width` pixels wide is worked at, or 1 (its own size; `workingWidth` 0: off). */
export function workingScale(width: number, workingWidth = 0): number {
  return workingWidth > 0 && width > workingWidth ? workingWidth / width : 1;
}

/** One output index's span over the input: the first input index and the weight of each one it overlaps. */
interface Span {
  from: number;
  weights: Float32Array;
}

/** Area weights reducing `size` input pixels to `reduced` (each output pixel the mean over its interval). */
function spans(size: number, reduced: number): Span[] {
  const step = size / reduced;
  return Array.from({ length: reduced }, (_, j) => {
    const start = j * step;
    const end = Math.min(size, (j + 1) * step);
    const from = Math.floor(start);
    const to = Math.min(size, Math.ceil(end));
    const weights = new Float32Array(to - from);
    for (let i = from; i < to; i++) weights[i - from] = (Math.min(end, i + 1) - Math.max(start, i)) / step;
    return { from, weights };
  });
}

/** A reduced copy: its size, the scale of each axis and the reduced pixels. */
export interface Reduced {
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
}

export function reducedSize(region: Region, scale: number): Reduced {
  const width = Math.max(2, Math.round(region.width * scale));
  const height = Math.max(2, Math.round(region.height * scale));
  return { width, height, scaleX: width / region.width, scaleY: height / region.height };
}

/**
 * `channels` float values per pixel over a `width` × `height` grid, area-averaged to `size` (separable:
 * rows, then columns).
 */
export function reduceValues(
  values: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
  size: Reduced,
  stride = width,
  offset = 0,
): Float32Array {
  const xs = spans(width, size.width);
  const ys = spans(height, size.height);
  const rows = new Float32Array(size.width * height * channels);
  for (let y = 0; y < height; y++) {
    const line = (offset + y * stride) * channels;
    for (let j = 0; j < size.width; j++) {
      const { from, weights } = xs[j];
      const o = (y * size.width + j) * channels;
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += values[line + (from + k) * channels + c] * weights[k];
        rows[o + c] = sum;
      }
    }
  }
  const out = new Float32Array(size.width * size.height * channels);
  const lineLength = size.width * channels;
  for (let i = 0; i < size.height; i++) {
    const { from, weights } = ys[i];
    const o = i * lineLength;
    for (let k = 0; k < weights.length; k++) {
      const w = weights[k];
      const line = (from + k) * lineLength;
      for (let v = 0; v < lineLength; v++) out[o + v] += rows[line + v] * w;
    }
  }
  return out;
}

/** The region of `image` reduced to `size` (area average), as an image of its own. */
export function reduceRegion(image: RgbImage, region: Region, size: Reduced): RgbImage {
  const values = reduceValues(
    image.data,
    region.width,
    region.height,
    3,
    size,
    image.width,
    region.y * image.width + region.x,
  );
  const data = new Uint8Array(values.length);
  for (let k = 0; k < values.length; k++) data[k] = Math.round(values[k]);
  return { data, width: size.width, height: size.height };
}

/** The mesh in the coordinates of the reduced copy of `region`. */
export function reducedMesh(mesh: FaceMesh, region: Region, size: Reduced): FaceMesh {
  const points = Float32Array.from(mesh.points);
  const depth = (size.scaleX + size.scaleY) / 2;
  for (let i = 0; i < points.length; i += 3) {
    points[i] = (points[i] - region.x) * size.scaleX;
    points[i + 1] = (points[i + 1] - region.y) * size.scaleY;
    points[i + 2] *= depth;
  }
  return { ...mesh, points };
}

/** Bilinear sampling positions of the reduced grid for each full-resolution index (pixel centres aligned). */
export interface Taps {
  low: Int32Array;
  high: Int32Array;
  t: Float32Array;
}

export function taps(size: number, reduced: number): Taps {
  const low = new Int32Array(size);
  const high = new Int32Array(size);
  const t = new Float32Array(size);
  const scale = reduced / size;
  for (let i = 0; i < size; i++) {
    const g = Math.min(reduced - 1, Math.max(0, (i + 0.5) * scale - 0.5));
    low[i] = Math.floor(g);
    high[i] = Math.min(reduced - 1, low[i] + 1);
    t[i] = g - low[i];
  }
  return { low, high, t };
}

/**
 * `low` (`channels` values per pixel of a reduced grid `lowWidth` wide) upsampled bilinearly at the `xs` ×
 * `ys` taps; pixels where `only` is 0 stay 0 (they are not needed). Float64, so sums are not rounded twice.
 */
export function upsample(
  low: ArrayLike<number>,
  lowWidth: number,
  xs: Taps,
  ys: Taps,
  channels = 1,
  only?: ArrayLike<number>,
): Float64Array {
  const width = xs.low.length;
  const out = new Float64Array(width * ys.low.length * channels);
  for (let row = 0, m = 0; row < ys.low.length; row++) {
    const y0 = ys.low[row] * lowWidth;
    const y1 = ys.high[row] * lowWidth;
    const fy = ys.t[row];
    for (let col = 0; col < width; col++, m++) {
      if (only && only[m] === 0) continue;
      const fx = xs.t[col];
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      const a00 = (y0 + xs.low[col]) * channels;
      const a01 = (y0 + xs.high[col]) * channels;
      const a10 = (y1 + xs.low[col]) * channels;
      const a11 = (y1 + xs.high[col]) * channels;
      for (let c = 0, o = m * channels; c < channels; c++, o++)
        out[o] = low[a00 + c] * w00 + low[a01 + c] * w01 + low[a10 + c] * w10 + low[a11 + c] * w11;
    }
  }
  return out;
}

/** The template's fine detail is kept up to this many luma levels either side (about 14 L*: see expression-detail.ts). */
const KEPT_DETAIL = 36;

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * Brings a swap on the reduced copy back to full resolution in `image` (changed in place): each pixel of
 * `region` takes the reduced change and α, bilinearly upsampled, and, weighted by α, the fine detail of the
 * face photo in place of the template's (`faceDetail(alpha)`: luma above the reduced copy's resolution per
 * region pixel, given the full-resolution α; the template's is its luma less the reduced copy's, upsampled).
 * Where `keep` > 0 (the expression zones) and the template's detail is the stronger, the face's moves to it by
 * `keep` (mixed gradients, as `keepExpressionDetail` does at the working width; up to `KEPT_DETAIL` levels).
 * Pixels where the upsampled α is 0 stay exactly as they were. Returns where and how strongly it blended.
 */
export function expandChange(
  image: RgbImage,
  region: Region,
  reduced: RgbImage,
  before: Uint8Array,
  coverage: { region: Region; alpha: Float32Array },
  faceDetail: (alpha: Float32Array) => Float32Array,
  keep?: Float32Array,
): { region: Region; alpha: Float32Array } {
  const { width, height } = reduced;
  // The reduced α and change over the whole reduced copy.
  const lowAlpha = new Float32Array(width * height);
  const area = coverage.region;
  for (let row = 0; row < area.height; row++)
    lowAlpha.set(
      coverage.alpha.subarray(row * area.width, (row + 1) * area.width),
      (area.y + row) * width + area.x,
    );
  const change = new Float32Array(width * height * 3);
  const templateLow = new Float32Array(width * height);
  for (let g = 0, o = 0; g < lowAlpha.length; g++, o += 3) {
    templateLow[g] = luma(before[o], before[o + 1], before[o + 2]);
    if (lowAlpha[g] === 0) continue;
    for (let c = 0; c < 3; c++) change[o + c] = reduced.data[o + c] - before[o + c];
  }
  const xs = taps(region.width, width);
  const ys = taps(region.height, height);
  const alpha = Float32Array.from(upsample(lowAlpha, width, xs, ys));
  const detail = faceDetail(alpha);
  const templateSmooth = upsample(templateLow, width, xs, ys, 1, alpha);
  const shift = upsample(change, width, xs, ys, 3, alpha);
  const data = image.data;
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      const a = alpha[m];
      if (a === 0) continue;
      const templateDetail = luma(data[p], data[p + 1], data[p + 2]) - templateSmooth[m];
      let faceFine = detail[m];
      const k = keep ? keep[m] : 0;
      if (k > 0) {
        const kept = Math.max(-KEPT_DETAIL, Math.min(KEPT_DETAIL, templateDetail));
        if (Math.abs(kept) > Math.abs(faceFine)) faceFine += k * (kept - faceFine);
      }
      const fine = a * (faceFine - templateDetail);
      for (let c = 0; c < 3; c++)
        data[p + c] = Math.min(255, Math.max(0, Math.round(data[p + c] + shift[m * 3 + c] + fine)));
    }
  }
  return { region, alpha };
}
