import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { KNOWN, OUTSIDE, solveMembrane, UNKNOWN } from './membrane.js';

const options = { tolerance: 1e-6, maxIterations: 2000 };

describe('solveMembrane', () => {
  it('is linear between two straight borders held at different values (a harmonic function)', () => {
    const [width, height] = [40, 30];
    const kind = new Uint8Array(width * height).fill(UNKNOWN);
    const values = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (const [x, value] of [
        [0, 0],
        [width - 1, 39],
      ]) {
        kind[y * width + x] = KNOWN;
        values.set([value, -value, 2 * value], (y * width + x) * 3);
      }
    }
    const membrane = solveMembrane(values, kind, width, height, options);
    assert.ok(membrane);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const c = (y * width + x) * 3;
        assert.ok(Math.abs(membrane.field[c] - x) < 1e-3, `${x},${y}: ${membrane.field[c]}`);
        assert.ok(Math.abs(membrane.field[c + 1] + x) < 1e-3);
        assert.ok(Math.abs(membrane.field[c + 2] - 2 * x) < 1e-3);
      }
  });

  it('is free (flat) towards cells outside the domain', () => {
    const [width, height] = [20, 20];
    const kind = new Uint8Array(width * height).fill(UNKNOWN);
    const values = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      kind[y * width] = KNOWN;
      values.set([7, 7, 7], y * width * 3);
      kind[y * width + width - 1] = OUTSIDE;
    }
    const membrane = solveMembrane(values, kind, width, height, options);
    assert.ok(membrane);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width - 1; x++) assert.ok(Math.abs(membrane.field[(y * width + x) * 3] - 7) < 1e-3);
  });

  it('gives up (null) when it cannot converge in the iterations allowed', () => {
    const [width, height] = [64, 64];
    const kind = new Uint8Array(width * height).fill(UNKNOWN);
    const values = new Float32Array(width * height * 3);
    // A checkerboard of known values along one edge: far from what push-pull starts with.
    for (let x = 0; x < width; x++) {
      kind[x] = KNOWN;
      values.set([x % 2 ? 50 : -50, 0, 0], x * 3);
    }
    assert.equal(solveMembrane(values, kind, width, height, { tolerance: 1e-9, maxIterations: 2 }), null);
  });
});
