import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { matchLight } from './light-match.js';

/** A 60 × 60 L*a*b* field: skin of mean lightness `light` and standard deviation `spread`, a* 15, b* 18. */
function skin(light: number, spread: number): Float32Array {
  const lab = new Float32Array(60 * 60 * 3);
  // Evenly spread over ±√3·spread (a uniform distribution of that deviation), scrambled over the pixels.
  for (let m = 0; m < 3600; m++)
    lab.set([light + spread * Math.sqrt(3) * (((m * 37) % 101) / 50 - 1), 15, 18], m * 3);
  return lab;
}

const statsOf = (lab: Float32Array, pixels: number[]) => {
  const values = pixels.map((m) => lab[m * 3]);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { mean, spread: Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length) };
};

describe('matchLight', () => {
  it('gives the pasted face the template’s light deep in the core, its own contrast, and leaves the fade as it was', () => {
    // A face 12 L* lighter, with three quarters of the contrast of the template it is pasted into.
    const face = skin(72, 4.5);
    const template = skin(60, 6);
    // The mask: 1 in the middle 40 × 40, fading over 10 pixels, 0 outside.
    const mask = new Float32Array(3600);
    const depth = new Float32Array(3600);
    for (let y = 0; y < 60; y++)
      for (let x = 0; x < 60; x++) {
        depth[y * 60 + x] = Math.min(x, y, 59 - x, 59 - y);
        mask[y * 60 + x] = Math.max(0, Math.min(1, depth[y * 60 + x] / 10));
      }
    const written = new Uint8Array(3600).fill(1);
    const before = Float32Array.from(face);
    // A face 40 pixels wide: the change rises over 4 pixels inside the core (α ≥ 0.9, 9 pixels deep).
    const applied = matchLight(face, template, mask, written, 60, 60, 40);
    const deep = [...depth.keys()].filter((m) => depth[m] >= 14);
    const result = statsOf(face, deep);
    assert.ok(Math.abs(result.mean - 60) < 0.5, `mean ${result.mean}`);
    assert.ok(Math.abs(result.spread / 4.5 - 1) < 0.05, `spread ${result.spread}`);
    assert.ok(applied !== null && Math.abs(applied + 12) < 0.5, `offset ${applied}`);
    // In the fade (where the membrane matched the border) and outside nothing changes; a*, b* stay.
    for (let m = 0; m < 3600; m++) {
      if (mask[m] < 0.9) assert.equal(face[m * 3], before[m * 3]);
      assert.equal(face[m * 3 + 1], 15);
    }
    // Between the two, the change is partial.
    const between = 11 * 60 + 30;
    assert.ok(face[between * 3] < before[between * 3] && face[between * 3] > before[between * 3] - 12);
  });

  it('changes nothing when too little skin is covered', () => {
    const face = skin(72, 3);
    const before = Float32Array.from(face);
    const mask = new Float32Array(3600);
    mask.fill(1, 0, 20);
    assert.equal(matchLight(face, skin(60, 6), mask, new Uint8Array(3600).fill(1), 60, 60, 40), null);
    assert.deepEqual(face, before);
  });
});
