import Delaunator from 'delaunator';

import { MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';
import type { Point } from '../types.js';
import type { Region } from './region.js';

export function point(points: Float32Array, i: number): Point {
  return { x: points[i * 3], y: points[i * 3 + 1] };
}

/** The mean of the polygon's vertices. */
export function centroid(polygon: Point[]): Point {
  return polygon.reduce((c, p) => ({ x: c.x + p.x / polygon.length, y: c.y + p.y / polygon.length }), {
    x: 0,
    y: 0,
  });
}

/** Signed area of the polygon through the given mesh points. */
export function polygonArea(points: Float32Array, outline: readonly number[]): number {
  let area = 0;
  for (let k = 0, j = outline.length - 1; k < outline.length; j = k++) {
    area +=
      points[outline[j] * 3] * points[outline[k] * 3 + 1] -
      points[outline[k] * 3] * points[outline[j] * 3 + 1];
  }
  return area / 2;
}

/** The outline's points scaled by `scale` about their mean. */
export function scaledOutline(points: Float32Array, outline: readonly number[], scale: number): Point[] {
  const polygon = outline.map((i) => point(points, i));
  const centre = centroid(polygon);
  return polygon.map((p) => ({
    x: centre.x + (p.x - centre.x) * scale,
    y: centre.y + (p.y - centre.y) * scale,
  }));
}

/** The convex hull of the points (monotone chain), counter-clockwise in image coordinates. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], p) <= 0)
        chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The integer box around a polygon, grown by `margin`, clipped to `region` (same image coordinates). */
export function boxAround(polygon: Point[], margin: number, region: Region): Region {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const x = Math.max(region.x, Math.floor(Math.min(...xs) - margin));
  const y = Math.max(region.y, Math.floor(Math.min(...ys) - margin));
  const right = Math.min(region.x + region.width, Math.ceil(Math.max(...xs) + margin));
  const bottom = Math.min(region.y + region.height, Math.ceil(Math.max(...ys) + margin));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** The part of a per-region-pixel array that lies in `box` (inside `region`, same image coordinates). */
export function cropToBox(values: Float32Array, region: Region, box: Region): Float32Array {
  const out = new Float32Array(box.width * box.height);
  for (let row = 0; row < box.height; row++) {
    const m = (box.y - region.y + row) * region.width + (box.x - region.x);
    out.set(values.subarray(m, m + box.width), row * box.width);
  }
  return out;
}

/** The pixel rows and columns (inclusive) a triangle's bounding box covers inside `region`. */
export function triangleBounds(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  region: Region,
): { left: number; right: number; top: number; bottom: number } {
  return {
    left: Math.max(region.x, Math.floor(Math.min(x0, x1, x2))),
    right: Math.min(region.x + region.width - 1, Math.ceil(Math.max(x0, x1, x2))),
    top: Math.max(region.y, Math.floor(Math.min(y0, y1, y2))),
    bottom: Math.min(region.y + region.height - 1, Math.ceil(Math.max(y0, y1, y2))),
  };
}

/** Sets to 1 the region pixels whose centres lie in triangle `t` (a rasteriser over its bounding box). */
export function fillTriangle(
  points: Float32Array,
  triangles: Uint32Array,
  t: number,
  region: Region,
  out: Float32Array,
) {
  const [i, j, k] = [triangles[t] * 3, triangles[t + 1] * 3, triangles[t + 2] * 3];
  const [x0, y0, x1, y1, x2, y2] = [
    points[i],
    points[i + 1],
    points[j],
    points[j + 1],
    points[k],
    points[k + 1],
  ];
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-9) return;
  const { left, right, top, bottom } = triangleBounds(x0, y0, x1, y1, x2, y2, region);
  for (let py = top; py <= bottom; py++) {
    const cy = py + 0.5 - y0;
    let m = (py - region.y) * region.width + (left - region.x);
    for (let px = left; px <= right; px++, m++) {
      const cx = px + 0.5 - x0;
      const w1 = (cx * (y2 - y0) - (x2 - x0) * cy) / det;
      const w2 = ((x1 - x0) * cy - cx * (y1 - y0)) / det;
      if (w1 >= -1e-7 && w2 >= -1e-7 && w1 + w2 <= 1 + 1e-7) out[m] = 1;
    }
  }
}

/** Delaunay triangles over the mesh points' x, y. */
export function triangulate(points: Float32Array): Uint32Array {
  const coords = new Float64Array(MESH_POINT_COUNT * 2);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    coords[i * 2] = points[i * 3];
    coords[i * 2 + 1] = points[i * 3 + 1];
  }
  return new Delaunator(coords).triangles;
}
