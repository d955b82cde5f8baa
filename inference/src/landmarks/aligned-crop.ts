import type { Point, RgbImage } from '../types.js';

/**
 * A square, rotated window of an image: its centre and side in image pixels, and the angle (radians) by
 * which the image is turned so that the face inside is upright with level eyes.
 */
export interface AlignedCrop {
  centerX: number;
  centerY: number;
  size: number;
  angle: number;
}

/** The roll of a face: the angle of the line from the image-left eye to the image-right eye. */
export function eyeLineAngle(imageLeftEye: Point, imageRightEye: Point): number {
  return Math.atan2(imageRightEye.y - imageLeftEye.y, imageRightEye.x - imageLeftEye.x);
}

/** Maps a point given in crop pixels (0..outSize) back to image pixels. */
export function cropToImage(crop: AlignedCrop, outSize: number, x: number, y: number): Point {
  const scale = crop.size / outSize;
  const dx = (x - outSize / 2) * scale;
  const dy = (y - outSize / 2) * scale;
  const cos = Math.cos(crop.angle);
  const sin = Math.sin(crop.angle);
  return { x: crop.centerX + dx * cos - dy * sin, y: crop.centerY + dx * sin + dy * cos };
}

/**
 * Samples the crop into `out` (interleaved RGB floats, NHWC, `outSize`² pixels from `offset`), each channel
 * scaled by `scale` (1/255 for 0..1 inputs, 1 for 0..255). Bilinear; pixels outside the image read as black.
 * Coordinates are continuous: pixel i covers [i, i + 1).
 */
export function sampleAlignedCrop(
  image: RgbImage,
  crop: AlignedCrop,
  outSize: number,
  out: Float32Array,
  offset = 0,
  scale = 1 / 255,
): void {
  const { data, width, height } = image;
  const step = crop.size / outSize;
  const cos = Math.cos(crop.angle) * step;
  const sin = Math.sin(crop.angle) * step;
  // Image position (in pixel-index space, centres at integers) of the centre of crop pixel (0, 0).
  const half = outSize / 2 - 0.5;
  const originX = crop.centerX - 0.5 - half * cos + half * sin;
  const originY = crop.centerY - 0.5 - half * sin - half * cos;
  const maxX = width - 1;
  const maxY = height - 1;
  let o = offset;
  for (let v = 0; v < outSize; v++) {
    let sx = originX - v * sin;
    let sy = originY + v * cos;
    for (let u = 0; u < outSize; u++, sx += cos, sy += sin, o += 3) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      if (x0 >= 0 && y0 >= 0 && x0 < maxX && y0 < maxY) {
        const i00 = (y0 * width + x0) * 3;
        const i10 = i00 + 3;
        const i01 = i00 + width * 3;
        const i11 = i01 + 3;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        out[o] = (data[i00] * w00 + data[i10] * w10 + data[i01] * w01 + data[i11] * w11) * scale;
        out[o + 1] =
          (data[i00 + 1] * w00 + data[i10 + 1] * w10 + data[i01 + 1] * w01 + data[i11 + 1] * w11) * scale;
        out[o + 2] =
          (data[i00 + 2] * w00 + data[i10 + 2] * w10 + data[i01 + 2] * w01 + data[i11 + 2] * w11) * scale;
      } else {
        out[o] = out[o + 1] = out[o + 2] = 0;
        if (x0 < -1 || y0 < -1 || x0 > maxX || y0 > maxY) continue;
        // On the image border: add up the neighbours that exist.
        for (let k = 0; k < 4; k++) {
          const x = x0 + (k & 1);
          const y = y0 + (k >> 1);
          if (x < 0 || y < 0 || x > maxX || y > maxY) continue;
          const weight = (k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy) * scale;
          const i = (y * width + x) * 3;
          out[o] += data[i] * weight;
          out[o + 1] += data[i + 1] * weight;
          out[o + 2] += data[i + 2] * weight;
        }
      }
    }
  }
}
