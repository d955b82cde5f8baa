import assert from 'node:assert/strict';
import { test } from 'node:test';

import { OneEuroFilter } from './one-euro.js';

test('the One Euro filter quiets jitter on a still point and follows a moving one closely', () => {
  const still = new OneEuroFilter();
  let rawJitter = 0;
  let smoothJitter = 0;
  let previous: [number, number] | null = null;
  for (let i = 0; i < 50; i++) {
    const raw = 100 + (i % 2 === 0 ? 1 : -1);
    const [out] = still.filter(Float32Array.of(raw), i / 25);
    if (previous) {
      rawJitter += Math.abs(raw - previous[0]);
      smoothJitter += Math.abs(out! - previous[1]);
    }
    previous = [raw, out!];
  }
  assert.ok(smoothJitter < rawJitter / 3, `jitter ${smoothJitter} against ${rawJitter}`);

  const moving = new OneEuroFilter();
  let lag = 0;
  for (let i = 0; i < 50; i++) lag = 4 * i - moving.filter(Float32Array.of(4 * i), i / 25)[0]!;
  // 100 px/s at 25 fps: the filtered point trails by less than two frames' motion.
  assert.ok(lag < 8, `lag ${lag}`);

  moving.reset();
  assert.equal(moving.filter(Float32Array.of(500), 3)[0], 500);
});
