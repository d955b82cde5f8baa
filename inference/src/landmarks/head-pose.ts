import { CHEEKS, LEFT_EYE_CORNERS, RIGHT_EYE_CORNERS } from './mesh-indices.js';

/**
 * The face's turn (yaw) in degrees from its mesh's cheek-to-cheek line in 3-D, positive when its left cheek is
 * farther from the camera. The mesh's depth is flatter than life: 20° here is about 30° of real turn.
 */
export function meshYaw(points: Float32Array): number {
  const [right, left] = CHEEKS;
  const dx = points[left * 3] - points[right * 3];
  const dy = points[left * 3 + 1] - points[right * 3 + 1];
  const dz = points[left * 3 + 2] - points[right * 3 + 2];
  return (Math.atan2(dz, Math.hypot(dx, dy)) * 180) / Math.PI;
}

/** The roll (radians) of a mesh: the angle of the line from the image-left eye's centre to the other's. */
function meshRoll(points: Float32Array): number {
  const [r0, r1] = RIGHT_EYE_CORNERS;
  const [l0, l1] = LEFT_EYE_CORNERS;
  const dx = (points[l0 * 3] + points[l1 * 3] - points[r0 * 3] - points[r1 * 3]) / 2;
  const dy = (points[l0 * 3 + 1] + points[l1 * 3 + 1] - points[r0 * 3 + 1] - points[r1 * 3 + 1]) / 2;
  return Math.atan2(dy, dx);
}

/**
 * The mesh turned (about its vertical axis, in 3-D) to the yaw of `like`: a turned face photo's features
 * then keep their true proportions where a frontal target puts them (its 2-D layout squeezes the far side),
 * and a frontal one's are foreshortened like a turned target's. Same image frame; only the turn changes.
 */
export function turnedLike(points: Float32Array, like: Float32Array): Float32Array {
  const roll = meshRoll(points);
  const [cos, sin] = [Math.cos(roll), Math.sin(roll)];
  const count = points.length / 3;
  let [cx, cy, cz] = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    cx += points[i * 3] / count;
    cy += points[i * 3 + 1] / count;
    cz += points[i * 3 + 2] / count;
  }
  // Level the eyes: u across the face, v down it, w depth.
  const level = new Float32Array(points.length);
  for (let i = 0; i < count; i++) {
    const dx = points[i * 3] - cx;
    const dy = points[i * 3 + 1] - cy;
    level[i * 3] = dx * cos + dy * sin;
    level[i * 3 + 1] = -dx * sin + dy * cos;
    level[i * 3 + 2] = points[i * 3 + 2] - cz;
  }
  const theta = levelledYaw(points) - levelledYaw(like);
  const [tc, ts] = [Math.cos(theta), Math.sin(theta)];
  const out = new Float32Array(points.length);
  for (let i = 0; i < count; i++) {
    const u = level[i * 3] * tc + level[i * 3 + 2] * ts;
    const w = -level[i * 3] * ts + level[i * 3 + 2] * tc;
    const v = level[i * 3 + 1];
    out[i * 3] = cx + u * cos - v * sin;
    out[i * 3 + 1] = cy + u * sin + v * cos;
    out[i * 3 + 2] = cz + w;
  }
  return out;
}

/** The yaw (radians) of a mesh in its eye-levelled frame: the cheek line's angle in depth. */
function levelledYaw(points: Float32Array): number {
  const roll = meshRoll(points);
  const [cos, sin] = [Math.cos(roll), Math.sin(roll)];
  const [a, b] = CHEEKS;
  const dx = points[b * 3] - points[a * 3];
  const dy = points[b * 3 + 1] - points[a * 3 + 1];
  const dz = points[b * 3 + 2] - points[a * 3 + 2];
  return Math.atan2(dz, dx * cos + dy * sin);
}
