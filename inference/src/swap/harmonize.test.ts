import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { pushPull } from './harmonize.js';

describe('pushPull', () => {
  it('keeps known values and fills the gap between them smoothly', () => {
    // Known: a left column at 0 and a right column at 30 (all three channels); the middle is unknown.
    const [width, height] = [31, 20];
    const values = new Float32Array(width * height * 3);
    const weights = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (const x of [0, width - 1]) {
        weights[y * width + x] = 1;
        values.fill(x, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const field = pushPull(values, weights, width, height);
    const at = (x: number, y: number) => field[(y * width + x) * 3];
    for (let y = 0; y < height; y++) {
      assert.equal(at(0, y), 0);
      assert.equal(at(width - 1, y), 30);
      for (let x = 1; x < width; x++)
        assert.ok(at(x, y) >= at(x - 1, y) - 1e-4, `not monotonic at ${x},${y}`);
    }
    assert.ok(Math.abs(at(15, 10) - 15) < 4, `middle ${at(15, 10)}`);
  });
});
