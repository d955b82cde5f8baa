import { CHEEKS, MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';
import type { RgbImage } from '../types.js';
import type { ChannelStats } from './color-transfer.js';
import { fillTriangle, triangulate } from './geometry.js';
import { inBox, pushPull, skinBox } from './harmonize.js';
import { feather } from './mask.js';
import { ALL_POINTS, regionAround, type Region } from './region.js';
import type { SourceMask } from './warp.js';

/**
 * The source photo's usable face fades in over this fraction of the face width inside its mesh's outline:
 * at the outline it shows hair, ears or background, which must not be stretched over the target's cheeks;
 * the target's own face shows there instead.
 */
const VALID_INSET = 0.08;
/** Of that fade, skin is used as it is from here on (see `fillUnusable`)... */
const USABLE_FROM = 0.3;
/** ...and what is not skin there is left out over about twice this fraction of the face width. */
const FOREIGN_SOFTEN = 0.01;
/** That fade is smooth: it is computed on cells of this fraction of the face width. */
const VALID_CELL = 0.01;

/**
 * The source photo's usable face: the footprint of its mesh (which, on a turned face, includes the nose where
 * it stands out past the far cheek), faded to 0 at the footprint's edge and 1 at `VALID_INSET` of the face
 * width inside it. It is smooth, so it is held on a grid of cells of a few pixels.
 */
export function validSourceArea(source: RgbImage, points: Float32Array, triangles: Uint32Array): SourceMask {
  const [a, b] = CHEEKS;
  // In 3-D, so that a turned face's width is not underestimated.
  const width =
    Math.hypot(
      points[a * 3] - points[b * 3],
      points[a * 3 + 1] - points[b * 3 + 1],
      points[a * 3 + 2] - points[b * 3 + 2],
    ) || 1;
  const region = regionAround(points, ALL_POINTS, 2, source.width, source.height);
  const scale = Math.max(1, Math.floor(width * VALID_CELL));
  const grid = {
    x: 0,
    y: 0,
    width: Math.ceil(region.width / scale),
    height: Math.ceil(region.height / scale),
  };
  const scaled = new Float32Array(MESH_POINT_COUNT * 3);
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    scaled[i * 3] = (points[i * 3] - region.x) / scale;
    scaled[i * 3 + 1] = (points[i * 3 + 1] - region.y) / scale;
  }
  const footprint = new Float32Array(grid.width * grid.height);
  for (let t = 0; t < triangles.length; t += 3) fillTriangle(scaled, triangles, t, grid, footprint);
  // A blur reaching 2R each way is 0.5 on the footprint's edge and 1 at 2R inside: remapped, an inset fade
  // that is still 0 a little inside the edge (so that no bilinear sample reaches past it).
  const radius = Math.max(1, Math.round((width * VALID_INSET) / 2 / scale));
  const values = feather(footprint, grid.width, grid.height, radius);
  for (let k = 0; k < values.length; k++) values[k] = Math.min(1, Math.max(0, (values[k] - 0.6) / 0.4));
  return { region, scale, width: grid.width, height: grid.height, values };
}

/**
 * The face photo's usable area on its own mesh's triangulation: the same for every target it is swapped
 * into (`SwapOptions.sourceArea`; a target's triangulation, mapped back onto the photo, covers the same
 * footprint but for folds where the target's pose hides part of the face).
 */
export function sourceArea(source: RgbImage, points: Float32Array): SourceMask {
  return validSourceArea(source, points, triangulate(points));
}

/**
 * Where the source photo's face is not usable (past its silhouette, and near its outline wherever it does
 * not look like its skin: hair, background, another face), the face's own colours continue smoothly from
 * where it is (a push-pull fill): showing the target there instead put a veil of its hair or background
 * on the cheeks. In place on the L*a*b* region `warped`.
 */
export function fillUnusable(
  warped: Float32Array,
  valid: Float32Array,
  region: Region,
  skin: ChannelStats,
  faceWidth: number,
): void {
  const box = skinBox(skin);
  // Near the outline, what does not look like the face's skin (hair, an ear, background) is not used; the
  // decision is softened so that it leaves no ragged patches.
  const foreign = new Float32Array(valid.length);
  for (let m = 0; m < valid.length; m++)
    if (valid[m] > 0 && valid[m] < 1 && !inBox(warped, m * 3, box)) foreign[m] = 1;
  const r = Math.max(1, Math.round(faceWidth * FOREIGN_SOFTEN));
  const soft = feather(foreign, region.width, region.height, r);
  const usable = new Float32Array(valid.length);
  const envelope = new Float32Array(valid.length);
  for (let m = 0; m < valid.length; m++) {
    if (valid[m] === 0) continue;
    // Skin is used nearly to the outline; what is not skin, not at all.
    const t = Math.min(1, valid[m] / USABLE_FROM);
    envelope[m] = t * t * (3 - 2 * t);
    usable[m] = envelope[m] * (valid[m] < 1 ? 1 - Math.min(1, 2 * soft[m]) : 1);
  }
  // Smoothed too (the validity follows the mesh's triangles and left spikes of fill in the face), but never
  // above the validity's own fade: nothing from past the source's face may come in.
  const sure = feather(usable, region.width, region.height, 2 * r);
  for (let m = 0; m < sure.length; m++) sure[m] = Math.min(sure[m], envelope[m]);
  // The fill is needed only where the source is valid and not sure.
  const wanted = new Uint8Array(valid.length);
  for (let m = 0; m < valid.length; m++) if (valid[m] !== 0 && sure[m] < 1) wanted[m] = 1;
  const fill = pushPull(warped, sure, region.width, region.height, wanted);
  for (let m = 0; m < valid.length; m++) {
    const v = sure[m];
    if (valid[m] === 0 || v >= 1) continue;
    for (let c = 0; c < 3; c++) warped[m * 3 + c] = v * warped[m * 3 + c] + (1 - v) * fill[m * 3 + c];
  }
}
