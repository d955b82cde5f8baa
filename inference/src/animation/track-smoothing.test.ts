import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { smoothTrack } from './track-smoothing.js';

/** A deterministic noise in [-1, 1]. */
const noise = (i: number, v: number) => {
  const x = Math.sin(i * 12.9898 + v * 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
};

describe('a track smoothed over time', () => {
  it('keeps steady and accelerating motion exactly, without lag', () => {
    const frames = Array.from({ length: 40 }, (_, i) => Float32Array.from([3 * i, 0.05 * i * i, 100]));
    const smoothed = smoothTrack(frames, 25);
    smoothed.forEach((points, i) => {
      assert.ok(Math.abs(points![0]! - 3 * i) < 1e-3, `x at ${i}: ${points![0]}`);
      assert.ok(Math.abs(points![1]! - 0.05 * i * i) < 1e-2, `y at ${i}: ${points![1]}`);
    });
  });

  it('removes frame-to-frame noise and drops a one-frame slip', () => {
    const frames = Array.from({ length: 50 }, (_, i) =>
      Float32Array.from([2 * i + noise(i, 0), 50 + noise(i, 1) + (i === 20 ? 8 : 0)]),
    );
    const smoothed = smoothTrack(frames, 25);
    const jitter = (list: (Float32Array | null)[], v: number) => {
      let sum = 0;
      for (let i = 1; i + 1 < list.length; i++)
        sum += Math.abs(list[i - 1]![v]! - 2 * list[i]![v]! + list[i + 1]![v]!);
      return sum / (list.length - 2);
    };
    assert.ok(jitter(smoothed, 0) < jitter(frames, 0) / 4, `x jitter ${jitter(smoothed, 0)}`);
    assert.ok(Math.abs(smoothed[20]![1]! - 50) < 1, `the slip left ${smoothed[20]![1]}`);
  });

  it('smooths the stretches on either side of a gap apart and keeps the gap empty', () => {
    const frames = Array.from({ length: 30 }, (_, i) =>
      i >= 10 && i < 15 ? null : Float32Array.from([i < 10 ? 0 : 500]),
    );
    const smoothed = smoothTrack(frames, 25);
    for (let i = 0; i < 30; i++) {
      if (i >= 10 && i < 15) assert.equal(smoothed[i], null);
      else
        assert.ok(Math.abs(smoothed[i]![0]! - (i < 10 ? 0 : 500)) < 1e-3, `frame ${i}: ${smoothed[i]![0]}`);
    }
    // A stretch of one or two frames is kept as it is.
    const short = smoothTrack(
      [Float32Array.from([1]), null, Float32Array.from([5]), Float32Array.from([7])],
      25,
    );
    assert.deepEqual(
      short.map((p) => p?.[0] ?? null),
      [1, null, 6, 6],
    );
  });
});
