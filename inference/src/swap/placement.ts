import { FACE_OVAL, MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';
import { turnedLike } from '../landmarks/head-pose.js';
import type { FaceMesh } from '../types.js';
import { applySimilarity, fitSimilarity } from './similarity.js';

/**
 * How far the inner landmarks (eyes, brows, nose, mouth) follow the source face's proportions (turned to the
 * target's pose) rather than the target's: all the way, for likeness; the outline stays the target's so the
 * face fits its head.
 */
const SOURCE_SHAPE = 1;

const OVAL_SET = new Set<number>(FACE_OVAL);

/**
 * Where the source face's landmarks go: the target's mesh, with the inner landmarks moved part of the way
 * to the source's own layout (fitted onto the target by a least-squares similarity).
 */
export function destinationPoints(targetMesh: FaceMesh, sourceMesh: FaceMesh): Float32Array {
  // The source's layout as it would look turned like the target.
  const posed = turnedLike(sourceMesh.points, targetMesh.points);
  const fit = fitSimilarity(posed, targetMesh.points, MESH_POINT_COUNT);
  const dest = Float32Array.from(targetMesh.points);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    if (OVAL_SET.has(i)) continue;
    const [x, y] = applySimilarity(fit, posed[i * 3], posed[i * 3 + 1]);
    dest[i * 3] += (x - dest[i * 3]) * SOURCE_SHAPE;
    dest[i * 3 + 1] += (y - dest[i * 3 + 1]) * SOURCE_SHAPE;
  }
  return dest;
}
