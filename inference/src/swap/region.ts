import { MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';

/** Every mesh point's index: the region round a whole face. */
export const ALL_POINTS = Array.from({ length: MESH_POINT_COUNT }, (_, i) => i);

/** An integer pixel rectangle of an image: the only pixels the swap reads or writes. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding rectangle of the given mesh points (x, y, z each), grown by `margin`, clipped to the image. */
export function regionAround(
  points: Float32Array,
  indices: readonly number[],
  margin: number,
  imageWidth: number,
  imageHeight: number,
): Region {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const i of indices) {
    minX = Math.min(minX, points[i * 3]);
    maxX = Math.max(maxX, points[i * 3]);
    minY = Math.min(minY, points[i * 3 + 1]);
    maxY = Math.max(maxY, points[i * 3 + 1]);
  }
  const x = Math.max(0, Math.floor(minX - margin));
  const y = Math.max(0, Math.floor(minY - margin));
  const right = Math.min(imageWidth, Math.ceil(maxX + margin));
  const bottom = Math.min(imageHeight, Math.ceil(maxY + margin));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
