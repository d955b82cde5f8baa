import type { FaceMesh, RgbImage } from '../types.js';
import type { Region } from './region.js';
import type { BlendCoverage } from './seam.js';

/**
 * A target face narrower than this (pixels, cheek to cheek) is swapped on an enlarged copy of its
 * surroundings: the warp, the masks and the blend need pixels to work with (a 30 px face has a 1 px fade).
 */
const SUPERSAMPLE_BELOW = 100;
const MAX_SUPERSAMPLING = 8;

/** How many times a target face `width` pixels wide is enlarged before the swap (1: not at all). */
export function supersamplingFactor(width: number): number {
  return Math.min(MAX_SUPERSAMPLING, Math.ceil(SUPERSAMPLE_BELOW / Math.max(1, width)));
}

/** The region of `image` enlarged `factor` times (bilinear, pixel centres aligned). */
export function enlarge(image: RgbImage, region: Region, factor: number): RgbImage {
  const width = region.width * factor;
  const height = region.height * factor;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, region.y + (y + 0.5) / factor - 0.5));
    const y0 = Math.min(image.height - 2, Math.floor(sy));
    const fy = Math.min(1, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, region.x + (x + 0.5) / factor - 0.5));
      const x0 = Math.min(image.width - 2, Math.floor(sx));
      const fx = Math.min(1, sx - x0);
      const p = (y0 * image.width + x0) * 3;
      const q = p + image.width * 3;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = image.data[p + c] * (1 - fx) + image.data[p + 3 + c] * fx;
        const bottom = image.data[q + c] * (1 - fx) + image.data[q + 3 + c] * fx;
        data[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data, width, height };
}

/** The mesh in the coordinates of `region` enlarged `factor` times. */
export function enlargedMesh(mesh: FaceMesh, region: Region, factor: number): FaceMesh {
  const points = Float32Array.from(mesh.points);
  for (let i = 0; i < points.length; i += 3) {
    points[i] = (points[i] - region.x) * factor;
    points[i + 1] = (points[i + 1] - region.y) * factor;
    points[i + 2] *= factor;
  }
  return { ...mesh, points };
}

/**
 * Brings a swap on the enlarged copy back down into `image`: each pixel of `region` takes the mean change of
 * its block (`large` after the swap less `before`), α likewise; pixels whose block the swap did not touch stay
 * exactly as they were.
 */
export function reduceChange(
  image: RgbImage,
  region: Region,
  large: RgbImage,
  before: Uint8Array,
  coverage: BlendCoverage,
  factor: number,
): BlendCoverage {
  const alpha = new Float32Array(region.width * region.height);
  const largeAlpha = (x: number, y: number) => {
    const col = x - coverage.region.x;
    const row = y - coverage.region.y;
    return col >= 0 && row >= 0 && col < coverage.region.width && row < coverage.region.height
      ? coverage.alpha[row * coverage.region.width + col]
      : 0;
  };
  const blockArea = factor * factor;
  for (let row = 0, m = 0; row < region.height; row++) {
    for (let col = 0; col < region.width; col++, m++) {
      let covered = 0;
      const change = [0, 0, 0];
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const x = col * factor + dx;
          const y = row * factor + dy;
          covered += largeAlpha(x, y);
          const o = (y * large.width + x) * 3;
          for (let c = 0; c < 3; c++) change[c] += large.data[o + c] - before[o + c];
        }
      }
      alpha[m] = covered / blockArea;
      if (covered === 0) continue;
      const p = ((region.y + row) * image.width + region.x + col) * 3;
      for (let c = 0; c < 3; c++) {
        image.data[p + c] = Math.min(255, Math.max(0, Math.round(image.data[p + c] + change[c] / blockArea)));
      }
    }
  }
  return { region, alpha };
}
