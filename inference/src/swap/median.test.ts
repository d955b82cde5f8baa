import assert from 'node:assert/strict';
import { test } from 'node:test';

import { medianInPlace } from './median.js';

test('the median is the sorted middle element, as a sort gives it, for any length and repeats', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 100 - 50;
  for (const length of [1, 2, 3, 4, 5, 10, 101, 1000, 4097]) {
    for (const repeats of [false, true]) {
      const values = Float32Array.from({ length }, () => (repeats ? Math.round(random() / 10) : random()));
      const sorted = Float32Array.from(values).sort();
      // === : a zero's sign aside (a sort puts -0 before 0).
      assert.ok(medianInPlace(Float32Array.from(values)) === sorted[length >> 1]);
    }
  }
  assert.equal(medianInPlace(new Float32Array(0)), 0);
  assert.equal(medianInPlace(Float32Array.from([3, 3, 3, 1, 3])), 3);
});
