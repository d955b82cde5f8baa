import sharp from 'sharp';

import { FACE_OVAL } from '../landmarks/mesh-indices.js';
import type { FaceMesh } from '../types.js';
import { featureHull, INNER_FEATURES } from './blend-mask.js';
import { feather, fillPolygon } from './mask.js';
import { regionAround } from './region.js';

/**
 * The swapped faces' mask over the result: 255 inside the outline each swap fills (the face's oval, hairline
 * to chin, and the hull of its eyes, brows, nose and lips, which reaches past the oval on a turned face),
 * 0 elsewhere, a pixel of soft edge. The outline rather than the blend's own α: that one fades out before
 * the outline and leaves holes where forehead hair is kept, which a cut-out must not have.
 */
export function faceMask(meshes: readonly FaceMesh[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const mesh of meshes) {
    // The margin holds the feather's reach (2 px for radius 1).
    const region = regionAround(mesh.points, [...FACE_OVAL, ...INNER_FEATURES], 3, width, height);
    if (region.width === 0 || region.height === 0) continue;
    const oval = fillPolygon(
      FACE_OVAL.map((i) => ({ x: mesh.points[i * 3], y: mesh.points[i * 3 + 1] })),
      region,
    );
    const hull = fillPolygon(featureHull(mesh.points), region);
    for (let m = 0; m < oval.length; m++) oval[m] = Math.max(oval[m], hull[m]);
    const soft = feather(oval, region.width, region.height, 1);
    for (let row = 0, m = 0; row < region.height; row++) {
      let p = (region.y + row) * width + region.x;
      for (let col = 0; col < region.width; col++, m++, p++) {
        const value = Math.round(soft[m] * 255);
        if (value > mask[p]) mask[p] = value;
      }
    }
  }
  return mask;
}

/** The mask as a greyscale PNG (mostly zeros: a few kilobytes). */
export function encodeFaceMask(mask: Uint8Array, width: number, height: number): Promise<Buffer> {
  // One band stays one band only when said so (sharp writes sRGB otherwise).
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}
