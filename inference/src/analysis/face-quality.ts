import type { FaceQuality } from '@mememint/contracts';

import type { ImagePyramid } from '../image/pyramid.js';
import { type AlignedCrop, eyeLineAngle, sampleAlignedCrop } from '../landmarks/aligned-crop.js';
import { meshEyeCentres } from '../landmarks/face-mesh.js';
import { meshYaw } from '../landmarks/head-pose.js';
import { CHEEKS } from '../landmarks/mesh-indices.js';
import type { FaceMesh } from '../types.js';

/** The mesh's depth is flatter than life: its cheek-line yaw times this is about the real turn. */
const YAW_SCALE = 1.3;
/** The quality crop: eye-aligned, `CROP_EYES` interocular distances wide, centred `CROP_DROP` below the eyes. */
const CROP_EYES = 2.2;
const CROP_DROP = 0.5;
/** Crop side in pixels: the eyes come 48 px apart. */
const CROP_SIZE = 104;

/** An eye-aligned luma crop, sampled from the pyramid level at most 2× larger than wanted (no aliasing). */
function sampleLuma(pyramid: ImagePyramid, crop: AlignedCrop, size: number): Float32Array {
  let level = 0;
  while (level + 1 < pyramid.levels.length && crop.size / 2 ** (level + 1) >= size) level++;
  const factor = 2 ** level;
  const rgb = new Float32Array(size * size * 3);
  const scaled = {
    ...crop,
    centerX: crop.centerX / factor,
    centerY: crop.centerY / factor,
    size: crop.size / factor,
  };
  sampleAlignedCrop(pyramid.levels[level], scaled, size, rgb, 0, 1);
  const luma = new Float32Array(size * size);
  for (let k = 0; k < luma.length; k++)
    luma[k] = 0.299 * rgb[k * 3] + 0.587 * rgb[k * 3 + 1] + 0.114 * rgb[k * 3 + 2];
  return luma;
}

/** Bilinear value of a size×size map at (x, y). */
function valueAt(map: Float32Array, size: number, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(size - 2, Math.floor(x)));
  const y0 = Math.max(0, Math.min(size - 2, Math.floor(y)));
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const k = y0 * size + x0;
  return (
    (map[k] * (1 - fx) + map[k + 1] * fx) * (1 - fy) +
    (map[k + size] * (1 - fx) + map[k + size + 1] * fx) * fy
  );
}

/** Thin-line strength per pixel: the largest |mean of the neighbours at ±w − centre|, w = 1–3, along rows or columns. */
function lineStrength(luma: Float32Array, size: number): Float32Array {
  const out = new Float32Array(size * size);
  for (let y = 3; y < size - 3; y++) {
    for (let x = 3; x < size - 3; x++) {
      const k = y * size + x;
      let best = 0;
      for (let w = 1; w <= 3; w++) {
        const across = Math.abs((luma[k - w] + luma[k + w]) / 2 - luma[k]);
        const along = Math.abs((luma[k - w * size] + luma[k + w * size]) / 2 - luma[k]);
        best = Math.max(best, across, along);
      }
      out[k] = best;
    }
  }
  return out;
}

const RING_RAYS = 25;
const RING_STEPS = 16;

/**
 * Where a frame's rim would run around an eye: between two ellipses about the eye's centre (clear of the
 * lids, inside the temple), from the outer side down and round to the nose side. The smoothest strong path
 * through that band (dynamic programming over rays, the radius moving at most one step between rays): its
 * mean line strength. A rim is one continuous line; wrinkles and lids are broken or lie elsewhere.
 */
function ringStrength(lines: Float32Array, size: number, ex: number, ey: number, d: number, outward: number) {
  const ellipse = (a: number, b: number, c: number, s: number) => (a * b) / Math.hypot(b * c, a * s);
  let previous = new Float32Array(RING_STEPS);
  for (let k = 0; k < RING_RAYS; k++) {
    const angle = (k / (RING_RAYS - 1)) * Math.PI;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    const from = ellipse(0.4 * d, 0.28 * d, c, s);
    const to = ellipse(0.75 * d, 0.55 * d, c, s);
    const next = new Float32Array(RING_STEPS);
    for (let j = 0; j < RING_STEPS; j++) {
      const r = from + ((to - from) * j) / (RING_STEPS - 1);
      const here = valueAt(lines, size, ex + c * outward * r, ey + s * r);
      let best = previous[j];
      if (j > 0) best = Math.max(best, previous[j - 1]);
      if (j + 1 < RING_STEPS) best = Math.max(best, previous[j + 1]);
      next[j] = best + here;
    }
    previous = next;
  }
  return Math.max(...previous) / RING_RAYS;
}

/** The value below which `share` of the sorted values lie. */
function percentile(sorted: Float32Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/** Measures a face's quality from its mesh (image pixels) and the image's pyramid. */
export function measureFaceQuality(pyramid: ImagePyramid, mesh: FaceMesh): FaceQuality {
  const p = mesh.points;
  const [a, b] = CHEEKS;
  const width = Math.hypot(p[a * 3] - p[b * 3], p[a * 3 + 1] - p[b * 3 + 1], p[a * 3 + 2] - p[b * 3 + 2]);
  const [rightEye, leftEye] = meshEyeCentres(mesh);
  const angle = eyeLineAngle(rightEye, leftEye);
  const eyes = Math.hypot(leftEye.x - rightEye.x, leftEye.y - rightEye.y) || 1;
  const mid = { x: (rightEye.x + leftEye.x) / 2, y: (rightEye.y + leftEye.y) / 2 };
  const size = CROP_SIZE;
  const luma = sampleLuma(
    pyramid,
    {
      centerX: mid.x - Math.sin(angle) * CROP_DROP * eyes,
      centerY: mid.y + Math.cos(angle) * CROP_DROP * eyes,
      size: CROP_EYES * eyes,
      angle,
    },
    size,
  );
  // In the crop the eyes sit at (c ± d/2, eyeY).
  const d = size / CROP_EYES;
  const c = size / 2;
  const eyeY = size / 2 - CROP_DROP * d;

  // The inner face: from just above the eyes to the mouth, between the outer eye corners.
  const x0 = Math.round(c - 0.75 * d);
  const x1 = Math.round(c + 0.75 * d);
  const y0 = Math.max(3, Math.round(eyeY - 0.3 * d));
  const y1 = Math.min(size - 4, Math.round(eyeY + 1.15 * d));
  const count = (x1 - x0 + 1) * (y1 - y0 + 1);
  const values = new Float32Array(count);
  let [sum, lap, lapSquares] = [0, 0, 0];
  for (let y = y0, n = 0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++, n++) {
      const k = y * size + x;
      const l = luma[k - 1] + luma[k + 1] + luma[k - size] + luma[k + size] - 4 * luma[k];
      values[n] = luma[k];
      sum += luma[k];
      lap += l;
      lapSquares += l * l;
    }
  }
  const mean = sum / count || 1;
  const lapMean = lap / count;
  const sharpness = (lapSquares / count - lapMean * lapMean) * (128 / mean) ** 2;
  const brightness = percentile(values.sort(), 0.95);

  const lines = lineStrength(luma, size);
  const strengths = new Float32Array(count);
  for (let y = y0, n = 0; y <= y1; y++)
    for (let x = x0; x <= x1; x++, n++) strengths[n] = lines[y * size + x];
  // Relative to the face's own strong lines (its features), so contrast and sharpening do not count.
  const strong = percentile(strengths.sort(), 0.9) || 1;
  let bridge = 0;
  for (let y = Math.round(eyeY - 0.4 * d); y <= Math.round(eyeY + 0.1 * d); y++) {
    let total = 0;
    let n = 0;
    for (let x = Math.round(c - 0.06 * d); x <= Math.round(c + 0.06 * d); x++, n++)
      total += lines[y * size + x];
    bridge = Math.max(bridge, total / n);
  }
  const rims =
    ringStrength(lines, size, c - d / 2, eyeY, d, -1) + ringStrength(lines, size, c + d / 2, eyeY, d, 1);
  return {
    yaw: meshYaw(p) * YAW_SCALE,
    width,
    sharpness,
    brightness,
    glasses: (bridge + rims) / 3 / strong,
  };
}
