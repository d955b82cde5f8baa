import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { decodePhoto, largestFaceMesh } from '../../test/labelled-photos.js';
import { CHEEKS } from '../landmarks/mesh-indices.js';
import type { FaceMesh, RgbImage } from '../types.js';
import { swapFace } from './face-swap.js';
import {
  MEASURED_WORKING_WIDTH as WORKING_WIDTH,
  reduceValues,
  reducedSize,
  workingScale,
} from './working-scale.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;

async function load(name: string): Promise<{ image: RgbImage; mesh: FaceMesh }> {
  const image = await decodePhoto(name);
  return { image, mesh: await largestFaceMesh(image, session) };
}

const faceWidth = (mesh: FaceMesh) =>
  Math.hypot(
    mesh.points[CHEEKS[0] * 3] - mesh.points[CHEEKS[1] * 3],
    mesh.points[CHEEKS[0] * 3 + 1] - mesh.points[CHEEKS[1] * 3 + 1],
  );

const luma = (data: Uint8Array, p: number) => 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];

/** Over the pixels where α ≥ 0.99: the mean luma and the mean absolute luma step to the right-hand neighbour. */
function coreFigures(
  image: RgbImage,
  region: { x: number; y: number; width: number; height: number },
  alpha: Float32Array,
) {
  let [n, sum, detail] = [0, 0, 0];
  for (let row = 0; row < region.height; row++)
    for (let col = 0; col + 1 < region.width; col++) {
      const m = row * region.width + col;
      if (alpha[m] < 0.99 || alpha[m + 1] < 0.99) continue;
      const p = ((region.y + row) * image.width + region.x + col) * 3;
      n++;
      sum += luma(image.data, p);
      detail += Math.abs(luma(image.data, p + 3) - luma(image.data, p));
    }
  return { mean: sum / n, detail: detail / n, pixels: n };
}

describe('working scale', () => {
  it('reduces by area: a constant stays constant, the mean is kept', () => {
    const [width, height] = [37, 23];
    const values = Float32Array.from({ length: width * height * 2 }, (_, k) =>
      k % 2 ? 5 : (k * 7919) % 101,
    );
    const size = reducedSize({ x: 0, y: 0, width, height }, 0.3);
    const reduced = reduceValues(values, width, height, 2, size);
    assert.equal(reduced.length, size.width * size.height * 2);
    let [inMean, outMean] = [0, 0];
    for (let k = 0; k < values.length; k += 2) inMean += values[k] / (width * height);
    for (let k = 0; k < reduced.length; k += 2) {
      assert.ok(Math.abs(reduced[k + 1] - 5) < 1e-4, 'the constant channel');
      outMean += reduced[k] / (size.width * size.height);
    }
    assert.ok(Math.abs(inMean - outMean) < 1e-3, `mean ${inMean} → ${outMean}`);
    assert.equal(workingScale(WORKING_WIDTH, WORKING_WIDTH), 1);
    assert.equal(workingScale(2 * WORKING_WIDTH, WORKING_WIDTH), 0.5);
    assert.equal(workingScale(2 * WORKING_WIDTH), 1, 'off by default');
  });

  it('swaps a large face at the working width like at full resolution, with its fine detail', async () => {
    const [face, target] = await Promise.all([load('portrait-02.jpg'), load('portrait-07.jpg')]);
    assert.ok(
      faceWidth(target.mesh) > 1.3 * WORKING_WIDTH,
      `a large target face: ${faceWidth(target.mesh)} px`,
    );
    const full = { ...target.image, data: Uint8Array.from(target.image.data) };
    const reduced = { ...target.image, data: Uint8Array.from(target.image.data) };
    const atFull = swapFace(full, target.mesh, face.image, face.mesh);
    const atWidth = swapFace(reduced, target.mesh, face.image, face.mesh, { workingWidth: WORKING_WIDTH });

    // Nothing changes where the returned α is 0.
    const { region, alpha } = atWidth;
    let changedOutside = 0;
    for (let y = 0; y < target.image.height; y++)
      for (let x = 0; x < target.image.width; x++) {
        const [col, row] = [x - region.x, y - region.y];
        const inside = col >= 0 && row >= 0 && col < region.width && row < region.height;
        if (inside && alpha[row * region.width + col] > 0) continue;
        const p = (y * target.image.width + x) * 3;
        for (let c = 0; c < 3; c++) if (reduced.data[p + c] !== target.image.data[p + c]) changedOutside++;
      }
    assert.equal(changedOutside, 0);

    // The same face: light within 3 levels, fine detail (pixel-to-pixel steps) within 20% of full resolution's.
    const core = new Float32Array(alpha.length);
    const fullAlpha = (x: number, y: number) => {
      const [col, row] = [x - atFull.region.x, y - atFull.region.y];
      return col >= 0 && row >= 0 && col < atFull.region.width && row < atFull.region.height
        ? atFull.alpha[row * atFull.region.width + col]
        : 0;
    };
    for (let row = 0, m = 0; row < region.height; row++)
      for (let col = 0; col < region.width; col++, m++)
        core[m] = Math.min(alpha[m], fullAlpha(region.x + col, region.y + row));
    const [a, b] = [coreFigures(full, region, core), coreFigures(reduced, region, core)];
    assert.ok(a.pixels > 50_000, `core of ${a.pixels} pixels`);
    assert.ok(Math.abs(a.mean - b.mean) <= 3, `mean luma ${a.mean.toFixed(1)} vs ${b.mean.toFixed(1)}`);
    assert.ok(
      b.detail >= 0.8 * a.detail && b.detail <= 1.25 * a.detail,
      `detail ${a.detail.toFixed(2)} vs ${b.detail.toFixed(2)}`,
    );
  });
});
