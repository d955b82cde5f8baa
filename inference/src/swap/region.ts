/** An integer pixel rectangle of an image: the only pixels the swap reads or writes. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding rectangle of the given points (interleaved with `stride`), grown by `margin`, clipped to the image. */
export function regionAround(
  points: Float32Array,
  indices: readonly number[],
  margin: number,
  imageWidth: number,
  imageHeight: number,
  stride = 3,
): Region {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const i of indices) {
    minX = Math.min(minX, points[i * stride]);
    maxX = Math.max(maxX, points[i * stride]);
    minY = Math.min(minY, points[i * stride + 1]);
    maxY = Math.max(maxY, points[i * stride + 1]);
  }
  const x = Math.max(0, Math.floor(minX - margin));
  const y = Math.max(0, Math.floor(minY - margin));
  const right = Math.min(imageWidth, Math.ceil(maxX + margin));
  const bottom = Math.min(imageHeight, Math.ceil(maxY + margin));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
