import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { RgbImage } from '../types.js';
import { cropToImage, eyeLineAngle, sampleAlignedCrop } from './aligned-crop.js';

function gradientImage(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = x;
      data[i + 1] = y;
      data[i + 2] = (x + y) % 256;
    }
  return { data, width, height };
}

describe('aligned crops', () => {
  it('copies pixels exactly when the crop is upright, pixel-aligned and unscaled', () => {
    const image = gradientImage(64, 48);
    const out = new Float32Array(16 * 16 * 3);
    sampleAlignedCrop(image, { centerX: 20, centerY: 30, size: 16, angle: 0 }, 16, out, 0, 1);
    // Crop pixel (0, 0) covers image pixel (12, 22).
    for (let v = 0; v < 16; v++)
      for (let u = 0; u < 16; u++) {
        const o = (v * 16 + u) * 3;
        assert.deepEqual([out[o], out[o + 1]], [12 + u, 22 + v]);
      }
  });

  it('reads black outside the image and blends at its edge', () => {
    const image: RgbImage = { data: new Uint8Array(4 * 4 * 3).fill(200), width: 4, height: 4 };
    const out = new Float32Array(8 * 8 * 3);
    sampleAlignedCrop(image, { centerX: 4, centerY: 2, size: 8, angle: 0 }, 8, out, 0, 1);
    assert.equal(out[(2 * 8 + 1) * 3], 200); // image pixel (1, 0): inside
    assert.equal(out[(2 * 8 + 6) * 3], 0); // image pixel (6, 0): outside
    // Shifted by half a pixel, crop pixel 3 lies half on the last column and half outside.
    sampleAlignedCrop(image, { centerX: 4.5, centerY: 2, size: 8, angle: 0 }, 8, out, 0, 1);
    assert.equal(out[(2 * 8 + 3) * 3], 100);
  });

  it('maps crop points back to where it sampled them, whatever the roll', () => {
    // A bright dot at (70.5, 40.5) (pixel 70, 40); find it in rotated, scaled crops and map it back.
    const image: RgbImage = { data: new Uint8Array(128 * 96 * 3), width: 128, height: 96 };
    image.data.fill(255, (40 * 128 + 70) * 3, (40 * 128 + 70) * 3 + 3);
    for (const angle of [0, 0.4, -1.1, Math.PI / 2, 3]) {
      const crop = { centerX: 64, centerY: 45, size: 60, angle };
      const out = new Float32Array(120 * 120 * 3);
      sampleAlignedCrop(image, crop, 120, out, 0, 1);
      let best = 0;
      for (let i = 0; i < 120 * 120; i++) if (out[i * 3] > out[best * 3]) best = i;
      const point = cropToImage(crop, 120, (best % 120) + 0.5, Math.floor(best / 120) + 0.5);
      assert.ok(Math.hypot(point.x - 70.5, point.y - 40.5) < 0.75, `angle ${angle}: ${point.x}, ${point.y}`);
    }
  });

  it('levels the eye line: the angle from the image-left eye to the image-right eye', () => {
    assert.equal(eyeLineAngle({ x: 10, y: 10 }, { x: 20, y: 10 }), 0);
    assert.ok(Math.abs(eyeLineAngle({ x: 10, y: 10 }, { x: 20, y: 20 }) - Math.PI / 4) < 1e-12);
  });
});
