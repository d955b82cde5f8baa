import type { RgbImage } from '../types.js';

/**
 * An image and its successive halvings (box-filtered), so that any downscale can sample bilinearly from a
 * level less than two times larger than the output, without aliasing.
 */
export interface ImagePyramid {
  levels: RgbImage[];
}

function halve(image: RgbImage): RgbImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const src = image.data;
  const dst = new Uint8Array(width * height * 3);
  const stride = image.width * 3;
  for (let y = 0; y < height; y++) {
    let s = 2 * y * stride;
    let d = y * width * 3;
    for (let x = 0; x < width; x++, s += 6, d += 3) {
      dst[d] = (src[s] + src[s + 3] + src[s + stride] + src[s + stride + 3] + 2) >> 2;
      dst[d + 1] = (src[s + 1] + src[s + 4] + src[s + stride + 1] + src[s + stride + 4] + 2) >> 2;
      dst[d + 2] = (src[s + 2] + src[s + 5] + src[s + stride + 2] + src[s + stride + 5] + 2) >> 2;
    }
  }
  return { data: dst, width, height };
}

/** Halves until the smallest level is at most `minSide` on its shorter side. */
export function buildPyramid(image: RgbImage, minSide: number): ImagePyramid {
  const levels = [image];
  let last = image;
  while (Math.min(last.width, last.height) >= 2 * minSide) {
    last = halve(last);
    levels.push(last);
  }
  return { levels };
}

/**
 * Writes the square `region` of the image (x, y, side in level-0 pixels; it may extend past the image,
 * which reads as mid-grey) into `out` as a size×size NHWC float tensor scaled to [-1, 1].
 */
export function sampleSquareToTensor(
  pyramid: ImagePyramid,
  region: { x: number; y: number; side: number },
  size: number,
  out: Float32Array,
): void {
  const scale = region.side / size;
  let level = 0;
  while (level + 1 < pyramid.levels.length && scale >= 2 ** (level + 1)) level++;
  const { data, width, height } = pyramid.levels[level];
  const factor = 2 ** level;
  const step = scale / factor;
  const x0 = region.x / factor;
  const y0 = region.y / factor;
  const norm = 1 / 127.5;
  const stride = width * 3;
  let o = 0;
  for (let ty = 0; ty < size; ty++) {
    const sy = y0 + (ty + 0.5) * step - 0.5;
    const inY = sy > -1 && sy < height;
    const yi = Math.max(0, Math.min(height - 2, Math.floor(sy)));
    const fy = Math.max(0, Math.min(1, sy - yi));
    for (let tx = 0; tx < size; tx++, o += 3) {
      const sx = x0 + (tx + 0.5) * step - 0.5;
      if (!inY || sx <= -1 || sx >= width) {
        out[o] = out[o + 1] = out[o + 2] = 0;
        continue;
      }
      const xi = Math.max(0, Math.min(width - 2, Math.floor(sx)));
      const fx = Math.max(0, Math.min(1, sx - xi));
      const p = yi * stride + xi * 3;
      const q = p + stride;
      const w00 = (1 - fx) * (1 - fy);
      const w01 = fx * (1 - fy);
      const w10 = (1 - fx) * fy;
      const w11 = fx * fy;
      for (let c = 0; c < 3; c++) {
        const v = data[p + c] * w00 + data[p + 3 + c] * w01 + data[q + c] * w10 + data[q + 3 + c] * w11;
        out[o + c] = v * norm - 1;
      }
    }
  }
}
