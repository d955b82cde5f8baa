import { LEFT_BROW_OUTLINE, LEFT_EYE, RIGHT_BROW_OUTLINE, RIGHT_EYE } from '../landmarks/mesh-indices.js';
import type { RgbImage } from '../types.js';
import { boxAround, centroid, point, scaledOutline } from './geometry.js';
import { feather, fillPolygon } from './mask.js';
import type { Region } from './region.js';

/** Where a frame may run: an ellipse about each eye, these multiples of the eye's width across and high. */
const FRAME_AREA = [2.1, 1.7] as const;
/** Not the eye itself (lashes, lids) nor the brow: their outlines scaled by these. */
const EYE_CLEAR = 1.35;
const BROW_CLEAR = 1.2;
/** A frame's line is this much darker than what lies either side of it (luma), at least... */
const MIN_DEPTH = 10;
/** ...and this many times the face's typical line depth. */
const DEPTH_OVER_TYPICAL = 3;
/** Of the 5×5 pixels round a frame pixel, at least this many are frame too. */
const MIN_LINE_PIXELS = 6;

/**
 * The target's glasses: their frames are thin dark lines round the eyes and across the nose (the target's own
 * eyes, lids and brows left out: the swap replaces those whole anyway); returns per region pixel how much of
 * a frame is there (0–1), softened by a pixel. The swap replaces them whole so that none shows half.
 */
export function targetFrames(image: RgbImage, points: Float32Array, region: Region): Float32Array {
  const { width, height } = region;
  const luma = new Float32Array(width * height);
  for (let row = 0, m = 0; row < height; row++) {
    let p = ((region.y + row) * image.width + region.x) * 3;
    for (let col = 0; col < width; col++, m++, p += 3)
      luma[m] = 0.299 * image.data[p] + 0.587 * image.data[p + 1] + 0.114 * image.data[p + 2];
  }
  // The zone: two ellipses about the eyes and the band between them, less the eyes and brows.
  const zone = new Float32Array(width * height);
  const eyes = [RIGHT_EYE, LEFT_EYE].map((outline) => {
    const corners = [point(points, outline[0]), point(points, outline[8])];
    const eyeWidth = Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y) || 1;
    return { centre: centroid(outline.map((i) => point(points, i))), eyeWidth, corners };
  });
  const angle = Math.atan2(eyes[1].centre.y - eyes[0].centre.y, eyes[1].centre.x - eyes[0].centre.x);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  for (const eye of eyes) {
    // Only the square about the ellipse can hold it.
    const reach = (eye.eyeWidth * Math.max(...FRAME_AREA)) / 2 + 1;
    const [col0, col1] = [eye.centre.x - reach - region.x, eye.centre.x + reach - region.x];
    const [row0, row1] = [eye.centre.y - reach - region.y, eye.centre.y + reach - region.y];
    for (let row = Math.max(0, Math.floor(row0)); row < Math.min(height, Math.ceil(row1)); row++) {
      for (let col = Math.max(0, Math.floor(col0)); col < Math.min(width, Math.ceil(col1)); col++) {
        const dx = region.x + col + 0.5 - eye.centre.x;
        const dy = region.y + row + 0.5 - eye.centre.y;
        const u = (dx * cos + dy * sin) / ((eye.eyeWidth * FRAME_AREA[0]) / 2);
        const v = (-dx * sin + dy * cos) / ((eye.eyeWidth * FRAME_AREA[1]) / 2);
        if (u * u + v * v <= 1) zone[row * width + col] = 1;
      }
    }
  }
  for (const [outline, scale] of [
    [RIGHT_EYE, EYE_CLEAR],
    [LEFT_EYE, EYE_CLEAR],
    [RIGHT_BROW_OUTLINE, BROW_CLEAR],
    [LEFT_BROW_OUTLINE, BROW_CLEAR],
  ] as const) {
    // Drawn over the outline's box only (no pixel centre outside it lies inside).
    const polygon = scaledOutline(points, outline, scale);
    const box = boxAround(polygon, 1, region);
    const clear = fillPolygon(polygon, box);
    for (let row = 0, k = 0; row < box.height; row++) {
      const m = (box.y - region.y + row) * width + (box.x - region.x);
      for (let col = 0; col < box.width; col++, k++) if (clear[k]) zone[m + col] = 0;
    }
  }
  // Dark thin lines: the darkest of the neighbours' means at ±1–3 px, along rows or columns, over the pixel.
  const depth = new Float32Array(width * height);
  const depths: number[] = [];
  for (let row = 3; row < height - 3; row++) {
    for (let col = 3; col < width - 3; col++) {
      const m = row * width + col;
      // Only the zone's depths are used.
      if (!zone[m]) continue;
      let best = 0;
      for (let w = 1; w <= 3; w++) {
        best = Math.max(
          best,
          (luma[m - w] + luma[m + w]) / 2 - luma[m],
          (luma[m - w * width] + luma[m + w * width]) / 2 - luma[m],
        );
      }
      depth[m] = best;
      depths.push(best);
    }
  }
  if (depths.length === 0) return new Float32Array(width * height);
  depths.sort((a, b) => a - b);
  const threshold = Math.max(MIN_DEPTH, DEPTH_OVER_TYPICAL * depths[depths.length >> 1]);
  const frames = new Float32Array(width * height);
  for (let m = 0; m < frames.length; m++) if (zone[m] && depth[m] >= threshold) frames[m] = 1;
  // A frame is a line running on: a pixel with few others round it is a speck (a pore, a lash, a reflection).
  const lines = new Float32Array(width * height);
  for (let row = 2; row < height - 2; row++) {
    for (let col = 2; col < width - 2; col++) {
      const m = row * width + col;
      if (!frames[m]) continue;
      let around = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) around += frames[m + dy * width + dx];
      if (around >= MIN_LINE_PIXELS) lines[m] = 1;
    }
  }
  // Grown by a pixel to take its edges, then softened.
  const grown = feather(lines, width, height, 1);
  for (let m = 0; m < grown.length; m++) grown[m] = grown[m] > 0.05 ? 1 : 0;
  return feather(grown, width, height, 1);
}
