import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { decodePhoto } from '../../test/labelled-photos.js';
import { rgbToLab } from './color-transfer.js';
import { applyTone, monochromeTone } from './monochrome.js';

/** Every pixel of a labelled photo in L*a*b*, and a selection of all of them. */
async function photoLab(name: string): Promise<{ lab: Float32Array; all: Uint8Array }> {
  const image = await decodePhoto(name);
  const lab = Float32Array.from(image.data);
  const all = new Uint8Array(image.width * image.height).fill(1);
  rgbToLab(lab, all);
  return { lab, all };
}

describe('monochrome templates', () => {
  it('finds the tone of black-and-white photos and none in colour ones', async () => {
    for (const name of ['bw-01.jpg', 'bw-02.jpg']) {
      const { lab, all } = await photoLab(name);
      const tone = monochromeTone(lab, all);
      assert.ok(tone, name);
      // Near grey (bw-02 is faintly warm: b* about 4 at mid-grey).
      assert.ok(Math.hypot(tone.a[0] + 50 * tone.a[1], tone.b[0] + 50 * tone.b[1]) < 6, JSON.stringify(tone));
    }
    for (const name of ['portrait-07.jpg', 'portrait-04.jpg', 'group-02.jpg']) {
      const { lab, all } = await photoLab(name);
      assert.equal(monochromeTone(lab, all), null, name);
    }
  });

  it('finds a sepia tone that follows the lightness and gives it to a coloured face', async () => {
    // bw-02 toned sepia: chroma growing with lightness, in a warm hue.
    const { lab, all } = await photoLab('bw-02.jpg');
    for (let m = 0; m < all.length; m++) {
      lab[m * 3 + 1] = 2 + 0.08 * lab[m * 3];
      lab[m * 3 + 2] = 6 + 0.15 * lab[m * 3];
    }
    const tone = monochromeTone(lab, all);
    assert.ok(tone);
    assert.ok(Math.abs(tone.a[1] - 0.08) < 0.01 && Math.abs(tone.b[1] - 0.15) < 0.01, JSON.stringify(tone));
    const face = await photoLab('portrait-04.jpg');
    applyTone(face.lab, face.all, tone);
    for (let m = 0; m < face.all.length; m += 997) {
      assert.ok(Math.abs(face.lab[m * 3 + 1] - (2 + 0.08 * face.lab[m * 3])) < 0.05);
      assert.ok(Math.abs(face.lab[m * 3 + 2] - (6 + 0.15 * face.lab[m * 3])) < 0.05);
    }
  });
});
