/**
 * Colour figures of one swap (issue 23's colour criteria), measured in CIELAB on the result against the
 * template it was swapped into:
 * - chroma excess: mean chroma inside the mask (α ≥ 0.5) in the result less the template's own there
 *   (a grayscale or sepia template should give a grayscale or sepia face: at most +2);
 * - light step and contrast ratio: over the pasted face's skin (α ≥ 0.9, skin-like in both), the mean L*
 *   less the template's there (the ring just outside the mask is unchanged, so this is the pasted face's
 *   light against its surroundings as the template had it: |ΔL*| ≤ 3), and the spread of L* over the
 *   template's (0.85–1.15);
 * - eye mismatch: ΔE between the two eyes' mean colours in the result less the same in the face photo
 *   (both eyes from one source: about 0).
 */
import { LEFT_EYE, RIGHT_EYE } from '../src/landmarks/mesh-indices.js';
import { rgbToLab } from '../src/swap/color-transfer.js';
import { scaledOutline } from '../src/swap/geometry.js';
import { fillPolygon } from '../src/swap/mask.js';
import type { BlendCoverage } from '../src/swap/seam.js';
import type { RgbImage } from '../src/types.js';

export interface ColourFigures {
  /** The template is grayscale or toned in one hue (sepia): a* and b* barely vary over it. */
  monochrome: boolean;
  chromaExcess: number;
  /** The same for the 95th percentile of chroma: small coloured parts (eyes, lips) that the mean hides. */
  chromaP95Excess: number;
  lightStep: number;
  contrastRatio: number;
  eyeMismatch: number;
}

/** The pixels of `image` at `select` (indices into `region`) in L*a*b*. */
function labAt(image: RgbImage, region: BlendCoverage['region'], select: number[]): Float32Array {
  const out = new Float32Array(select.length * 3);
  select.forEach((m, k) => {
    const p = ((region.y + Math.floor(m / region.width)) * image.width + region.x + (m % region.width)) * 3;
    out.set(image.data.subarray(p, p + 3), k * 3);
  });
  rgbToLab(out, new Uint8Array(select.length).fill(1));
  return out;
}

const mean = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length ? sum / values.length : 0;
};
const spread = (values: number[]) => {
  const mu = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - mu) ** 2)));
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** a* and b* spread over the whole image (every 16th pixel) both under 4. */
export function isMonochrome(image: RgbImage): boolean {
  const pixels = Math.floor((image.width * image.height) / 16);
  const lab = new Float32Array(pixels * 3);
  for (let k = 0; k < pixels; k++) lab.set(image.data.subarray(k * 48, k * 48 + 3), k * 3);
  rgbToLab(lab, new Uint8Array(pixels).fill(1));
  const channel = (c: number) => Array.from({ length: pixels }, (_, k) => lab[k * 3 + c]);
  return spread(channel(1)) < 4 && spread(channel(2)) < 4;
}

/** Mean L*a*b* of each eye's opening (its outline shrunk to 60% about its centre), and their ΔE. */
export function eyeDifference(image: RgbImage, points: Float32Array): number {
  const whole = { x: 0, y: 0, width: image.width, height: image.height };
  const means = [RIGHT_EYE, LEFT_EYE].map((outline) => {
    const inside = fillPolygon(scaledOutline(points, outline, 0.6), whole);
    const select: number[] = [];
    for (let m = 0; m < inside.length; m++) if (inside[m]) select.push(m);
    const lab = labAt(image, whole, select);
    return [0, 1, 2].map((c) => mean(Array.from({ length: select.length }, (_, k) => lab[k * 3 + c])));
  });
  return Math.hypot(means[0][0] - means[1][0], means[0][1] - means[1][1], means[0][2] - means[1][2]);
}

export function colourFigures(
  template: RgbImage,
  result: RgbImage,
  coverage: BlendCoverage,
  monochrome: boolean,
  resultEyes: Float32Array,
  facePhotoEyes: number,
): ColourFigures {
  const { region, alpha } = coverage;
  const inside: number[] = [];
  const core: number[] = [];
  for (let m = 0; m < alpha.length; m++) {
    if (alpha[m] >= 0.5) inside.push(m);
    if (alpha[m] >= 0.9) core.push(m);
  }
  const [before, after] = [template, result].map((image) => labAt(image, region, inside));
  const chromas = (lab: Float32Array) =>
    Array.from({ length: inside.length }, (_, k) => Math.hypot(lab[k * 3 + 1], lab[k * 3 + 2]));
  const chroma = (lab: Float32Array) => mean(chromas(lab));
  const chromaP95 = (lab: Float32Array) =>
    chromas(lab).sort((a, b) => a - b)[Math.floor(inside.length * 0.95)] ?? 0;
  // Skin: within robust bounds of the template's face (median ± 3 MADs + 3 per channel), in both images.
  const [coreBefore, coreAfter] = [template, result].map((image) => labAt(image, region, core));
  const bounds = [0, 1, 2].map((c) => {
    const values = Array.from({ length: core.length }, (_, k) => coreBefore[k * 3 + c]);
    const centre = median(values);
    const mad = median(values.map((v) => Math.abs(v - centre)));
    return [centre, 3 * 1.4826 * mad + 3];
  });
  const skinLike = (lab: Float32Array, k: number) =>
    bounds.every(([centre, reach], c) => Math.abs(lab[k * 3 + c] - centre) <= reach);
  const lightBefore: number[] = [];
  const lightAfter: number[] = [];
  for (let k = 0; k < core.length; k++) {
    if (!skinLike(coreBefore, k) || !skinLike(coreAfter, k)) continue;
    lightBefore.push(coreBefore[k * 3]);
    lightAfter.push(coreAfter[k * 3]);
  }
  return {
    monochrome,
    chromaExcess: chroma(after) - chroma(before),
    chromaP95Excess: chromaP95(after) - chromaP95(before),
    lightStep: mean(lightAfter) - mean(lightBefore),
    contrastRatio: spread(lightAfter) / Math.max(1e-6, spread(lightBefore)),
    eyeMismatch: eyeDifference(result, resultEyes) - facePhotoEyes,
  };
}
