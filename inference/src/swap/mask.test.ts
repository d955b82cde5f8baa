import assert from 'node:assert/strict';
import { test } from 'node:test';

import { feather, fillPolygon } from './mask.js';

/** The plain four-pass box blur, a line at a time over the whole grid: what `feather` must equal. */
function reference(mask: Float32Array, width: number, height: number, r: number): Float32Array {
  const pass = (src: Float32Array, dst: Float32Array, columns: boolean) => {
    const [lines, length] = columns ? [width, height] : [height, width];
    const [step, lineStep] = columns ? [width, 1] : [1, width];
    for (let line = 0; line < lines; line++) {
      const base = line * lineStep;
      let sum = 0;
      for (let k = 0; k <= Math.min(r, length - 1); k++) sum += src[base + k * step];
      for (let i = 0; i < length; i++) {
        dst[base + i * step] = sum * (1 / (2 * r + 1));
        if (i + r + 1 < length) sum += src[base + (i + r + 1) * step];
        if (i - r >= 0) sum -= src[base + (i - r) * step];
      }
    }
  };
  const [tmp, out] = [new Float32Array(mask.length), new Float32Array(mask.length)];
  pass(mask, tmp, false);
  pass(tmp, out, true);
  pass(out, tmp, false);
  pass(tmp, out, true);
  return out;
}

const region = { x: 0, y: 0, width: 120, height: 90 };

test('feather equals the whole-grid four-pass blur bit for bit, for small, edge-touching and dense masks', () => {
  const shapes = [
    [
      { x: 50, y: 30 },
      { x: 70, y: 35 },
      { x: 60, y: 50 },
    ],
    [
      { x: -5, y: -5 },
      { x: 30, y: 0 },
      { x: 10, y: 40 },
    ],
    [
      { x: 2, y: 3 },
      { x: 118, y: 5 },
      { x: 110, y: 88 },
      { x: 4, y: 80 },
    ],
  ];
  for (const shape of shapes) {
    const mask = fillPolygon(shape, region);
    for (const r of [1, 3, 9]) {
      assert.deepEqual(
        feather(mask, region.width, region.height, r),
        reference(mask, region.width, region.height, r),
      );
    }
  }
});

test('feather of an empty mask is empty, and radius 0 leaves the mask as it is', () => {
  const empty = new Float32Array(region.width * region.height);
  assert.ok(feather(empty, region.width, region.height, 4).every((v) => v === 0));
  const mask = fillPolygon(
    [
      { x: 10, y: 10 },
      { x: 40, y: 10 },
      { x: 20, y: 40 },
    ],
    region,
  );
  assert.equal(feather(mask, region.width, region.height, 0), mask);
});
