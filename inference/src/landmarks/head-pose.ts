import { CHEEKS } from './mesh-indices.js';

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
