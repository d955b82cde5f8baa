import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { channelStats, skinStats } from './color-transfer.js';

/** L*a*b* pixels: `skin` skin-coloured ones (a little varied), then `grey` of a white-grey beard. */
function cheeks(skin: number, grey: number): { lab: Float32Array; select: Uint8Array } {
  const lab = new Float32Array((skin + grey) * 3);
  for (let m = 0; m < skin; m++) lab.set([60 + (m % 11) - 5, 15 + (m % 5) - 2, 20 + (m % 7) - 3], m * 3);
  for (let m = skin; m < skin + grey; m++) lab.set([88 + (m % 9) - 4, 1, 3], m * 3);
  return { lab, select: new Uint8Array(skin + grey).fill(1) };
}

describe('skinStats', () => {
  it('describes the skin, not the white beard among it', () => {
    const { lab, select } = cheeks(700, 300);
    const plain = channelStats(lab, select);
    const robust = skinStats(lab, select);
    assert.ok(plain.mean[0] > 67, `plain mean L ${plain.mean[0]}`);
    assert.ok(Math.abs(robust.mean[0] - 60) < 1.5, `skin mean L ${robust.mean[0]}`);
    assert.ok(Math.abs(robust.mean[1] - 15) < 1 && Math.abs(robust.mean[2] - 20) < 1, `${robust.mean}`);
    assert.ok(robust.std[0] < 5, `skin L spread ${robust.std[0]}`);
  });

  it('keeps every pixel of a black-and-white face', () => {
    const lab = new Float32Array(500 * 3);
    for (let m = 0; m < 500; m++) lab.set([40 + (m % 21), 0.5, -0.5], m * 3);
    const stats = skinStats(lab, new Uint8Array(500).fill(1));
    assert.ok(Math.abs(stats.mean[0] - 50) < 1, `mean L ${stats.mean[0]}`);
  });
});
