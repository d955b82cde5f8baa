/** A 2-D similarity transform: x' = a·x − b·y + tx, y' = b·x + a·y + ty (rotation, uniform scale, shift). */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/**
 * Least-squares similarity mapping `from` onto `to` (both mesh points, x, y, z each; only x and y are used).
 * Closed form: centre both sets, then the rotation-scale is Σ(q·p)/Σ|p|², Σ(p×q)/Σ|p|².
 */
export function fitSimilarity(from: Float32Array, to: Float32Array, count: number): Similarity {
  let fx = 0;
  let fy = 0;
  let gx = 0;
  let gy = 0;
  for (let i = 0; i < count; i++) {
    fx += from[i * 3];
    fy += from[i * 3 + 1];
    gx += to[i * 3];
    gy += to[i * 3 + 1];
  }
  fx /= count;
  fy /= count;
  gx /= count;
  gy /= count;
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < count; i++) {
    const px = from[i * 3] - fx;
    const py = from[i * 3 + 1] - fy;
    const qx = to[i * 3] - gx;
    const qy = to[i * 3 + 1] - gy;
    dot += px * qx + py * qy;
    cross += px * qy - py * qx;
    norm += px * px + py * py;
  }
  const a = norm > 0 ? dot / norm : 1;
  const b = norm > 0 ? cross / norm : 0;
  return { a, b, tx: gx - (a * fx - b * fy), ty: gy - (b * fx + a * fy) };
}

export function applySimilarity(t: Similarity, x: number, y: number): [number, number] {
  return [t.a * x - t.b * y + t.tx, t.b * x + t.a * y + t.ty];
}
