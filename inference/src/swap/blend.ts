import type { RgbImage } from '../types.js';
import type { Region } from './region.js';

/**
 * image = warped·α + image·(1 − α) over the region, α = mask × covered (the face, less the hair kept);
 * returns α.
 */
export function blendInto(
  image: RgbImage,
  region: Region,
  warped: Float32Array,
  mask: Float32Array,
  covered: Float32Array,
): Float32Array {
  const data = image.data;
  const alphas = new Float32Array(mask.length);
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      const alpha = mask[m] * covered[m];
      alphas[m] = alpha;
      if (alpha === 0) continue;
      const o = m * 3;
      data[p] = Math.round(data[p] + (warped[o] - data[p]) * alpha);
      data[p + 1] = Math.round(data[p + 1] + (warped[o + 1] - data[p + 1]) * alpha);
      data[p + 2] = Math.round(data[p + 2] + (warped[o + 2] - data[p + 2]) * alpha);
    }
  }
  return alphas;
}
