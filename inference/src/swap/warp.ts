import type { RgbImage } from '../types.js';
import { triangleBounds } from './geometry.js';
import type { Region } from './region.js';

/**
 * A smooth 0–1 weight over a region of the source image (0 outside it), held on a grid of `width` × `height`
 * cells of `scale` × `scale` pixels.
 */
export interface SourceMask {
  region: Region;
  scale: number;
  width: number;
  height: number;
  values: Float32Array;
}

/**
 * Piecewise-affine warp: for every triangle of the destination mesh, the destination pixels inside it (pixel
 * centres, restricted to `region` and to where `mask` > 0) take the bilinear sample of `source` at the
 * corresponding point of the source triangle. Writes RGB floats for the region into `out` and returns, per
 * region pixel, the bilinear sample of `valid` at the same source point (0 where no triangle covers the
 * pixel, at least 1e-6 where one does): how much of that pixel comes from the source's face.
 */
export function warpPiecewiseAffine(
  source: RgbImage,
  sourcePoints: Float32Array,
  destPoints: Float32Array,
  triangles: Uint32Array,
  region: Region,
  mask: Float32Array,
  valid: SourceMask,
  out: Float32Array,
): Float32Array {
  const covered = new Float32Array(region.width * region.height);
  const { data, width, height } = source;
  const validity = valid.values;
  const validWidth = valid.width;
  const validMaxX = valid.width - 1;
  const validMaxY = valid.height - 1;
  const cell = 1 / valid.scale;
  // Grid coordinates of a source point in pixel-index space: cell centres sit at (k + 0.5)·scale − 0.5.
  const validX = (0.5 - valid.region.x) * cell - 0.5;
  const validY = (0.5 - valid.region.y) * cell - 0.5;
  const maxX = width - 1;
  const maxY = height - 1;
  for (let t = 0; t < triangles.length; t += 3) {
    const i0 = triangles[t] * 3;
    const i1 = triangles[t + 1] * 3;
    const i2 = triangles[t + 2] * 3;
    const x0 = destPoints[i0];
    const y0 = destPoints[i0 + 1];
    const x1 = destPoints[i1];
    const y1 = destPoints[i1 + 1];
    const x2 = destPoints[i2];
    const y2 = destPoints[i2 + 1];
    const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (Math.abs(det) < 1e-9) continue;
    // Barycentric weights of (x, y): w1 = ((x−x0)(y2−y0) − (x2−x0)(y−y0)) / det, w2 = ((x1−x0)(y−y0) − (x−x0)(y1−y0)) / det.
    const sx0 = sourcePoints[i0];
    const sy0 = sourcePoints[i0 + 1];
    const dsx1 = sourcePoints[i1] - sx0;
    const dsy1 = sourcePoints[i1 + 1] - sy0;
    const dsx2 = sourcePoints[i2] - sx0;
    const dsy2 = sourcePoints[i2 + 1] - sy0;
    const { left, right, top, bottom } = triangleBounds(x0, y0, x1, y1, x2, y2, region);
    const eps = -1e-7;
    for (let py = top; py <= bottom; py++) {
      const cy = py + 0.5 - y0;
      let m = (py - region.y) * region.width + (left - region.x);
      for (let px = left; px <= right; px++, m++) {
        if (mask[m] === 0 || covered[m] > 0) continue;
        const cx = px + 0.5 - x0;
        const w1 = (cx * (y2 - y0) - (x2 - x0) * cy) / det;
        const w2 = ((x1 - x0) * cy - cx * (y1 - y0)) / det;
        if (w1 < eps || w2 < eps || w1 + w2 > 1 - eps) continue;
        // Source point in pixel-index space (pixel centres at integers), clamped to the image.
        const sx = Math.min(maxX, Math.max(0, sx0 + w1 * dsx1 + w2 * dsx2 - 0.5));
        const sy = Math.min(maxY, Math.max(0, sy0 + w1 * dsy1 + w2 * dsy2 - 0.5));
        const ix = Math.min(maxX - 1, Math.floor(sx));
        const iy = Math.min(maxY - 1, Math.floor(sy));
        const fx = sx - ix;
        const fy = sy - iy;
        const p = (iy * width + ix) * 3;
        const q = p + width * 3;
        const w00 = (1 - fx) * (1 - fy);
        const w01 = fx * (1 - fy);
        const w10 = (1 - fx) * fy;
        const w11 = fx * fy;
        const o = m * 3;
        out[o] = data[p] * w00 + data[p + 3] * w01 + data[q] * w10 + data[q + 3] * w11;
        out[o + 1] = data[p + 1] * w00 + data[p + 4] * w01 + data[q + 1] * w10 + data[q + 4] * w11;
        out[o + 2] = data[p + 2] * w00 + data[p + 5] * w01 + data[q + 2] * w10 + data[q + 5] * w11;
        // The validity mask, bilinear at the same point.
        const vx = sx * cell + validX;
        const vy = sy * cell + validY;
        let v = 0;
        if (vx >= 0 && vy >= 0 && vx < validMaxX && vy < validMaxY) {
          const jx = Math.floor(vx);
          const jy = Math.floor(vy);
          const gx = vx - jx;
          const gy = vy - jy;
          const a = jy * validWidth + jx;
          const b = a + validWidth;
          v =
            (validity[a] * (1 - gx) + validity[a + 1] * gx) * (1 - gy) +
            (validity[b] * (1 - gx) + validity[b + 1] * gx) * gy;
        }
        // Never exactly 0 for a covered pixel, so that it counts as written.
        covered[m] = Math.max(1e-6, v);
      }
    }
  }
  return covered;
}
