import { MOUTH_CORNERS } from '../landmarks/mesh-indices.js';
import type { Point, RgbImage } from '../types.js';
import { labInto } from './color-transfer.js';
import { point } from './geometry.js';
import type { Region } from './region.js';

/**
 * Pixels whose colour statistics describe the skin: inside the mask's core, between the lower eyelids and
 * the mouth corners (cheeks and nose). Brows, eyes, glasses, lips and most beards stay out of the statistics.
 */
export function skinPixels(
  dest: Float32Array,
  region: Region,
  mask: Float32Array,
  covered: Float32Array,
): Uint8Array {
  const side = (a: Point, b: Point, x: number, y: number) =>
    (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
  const eyeA = point(dest, 145);
  const eyeB = point(dest, 374);
  const mouthA = point(dest, MOUTH_CORNERS[0]);
  const mouthB = point(dest, MOUTH_CORNERS[1]);
  const chin = point(dest, 152);
  const forehead = point(dest, 10);
  // Each line as s·(u·x + v·y + w) > 0 on the wanted side.
  const belowEyes = Math.sign(side(eyeA, eyeB, chin.x, chin.y));
  const aboveMouth = Math.sign(side(mouthA, mouthB, forehead.x, forehead.y));
  const [eu, ev] = [-(eyeB.y - eyeA.y) * belowEyes, (eyeB.x - eyeA.x) * belowEyes];
  const ew = -(eu * eyeA.x + ev * eyeA.y);
  const [mu, mv] = [-(mouthB.y - mouthA.y) * aboveMouth, (mouthB.x - mouthA.x) * aboveMouth];
  const mw = -(mu * mouthA.x + mv * mouthA.y);
  const select = new Uint8Array(covered.length);
  for (let row = 0, m = 0; row < region.height; row++) {
    const y = region.y + row + 0.5;
    const eyeRow = ev * y + ew;
    const mouthRow = mv * y + mw;
    for (let col = 0; col < region.width; col++, m++) {
      if (covered[m] < 0.5 || mask[m] < 0.5) continue;
      const x = region.x + col + 0.5;
      if (eu * x + eyeRow > 0 && mu * x + mouthRow > 0) select[m] = 1;
    }
  }
  return select;
}

/** Adds to `lab` the target's pixels (in L*a*b*) selected by `wanted` that `have` does not yet hold. */
export function labOfMissing(
  image: RgbImage,
  region: Region,
  wanted: Uint8Array,
  have: Uint8Array,
  lab: Float32Array,
): void {
  const data = image.data;
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      if (wanted[m] & (have[m] ^ 1)) labInto(data[p], data[p + 1], data[p + 2], lab, m * 3);
    }
  }
}

/** The region's pixels as RGB floats, where `select` is set. */
export function copyRegion(image: RgbImage, region: Region, select: Uint8Array): Float32Array {
  const data = image.data;
  const out = new Float32Array(region.width * region.height * 3);
  for (let row = 0, m = 0; row < region.height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < region.width; col++, m++, p += 3) {
      if (!select[m]) continue;
      out[m * 3] = data[p];
      out[m * 3 + 1] = data[p + 1];
      out[m * 3 + 2] = data[p + 2];
    }
  }
  return out;
}
