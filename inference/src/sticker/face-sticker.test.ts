import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import sharp from 'sharp';

import { decodePhoto, largestFaceMesh, photoBytes } from '../../test/labelled-photos.js';
import { FACE_OVAL } from '../landmarks/mesh-indices.js';
import { encodeFaceMask, faceMask } from '../swap/face-mask.js';
import { faceSticker, STICKER_SIDE } from './face-sticker.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;

/** A real photo and the face mask the swap would store for its largest face. */
async function photoWithMask(name: string) {
  const image = await decodePhoto(name);
  const mesh = await largestFaceMesh(image, session);
  const mask = await encodeFaceMask(faceMask([mesh], image.width, image.height), image.width, image.height);
  return { bytes: photoBytes(name), image, mesh, mask };
}

async function rgba(png: Buffer) {
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const p = (Math.round(y) * info.width + Math.round(x)) * 4;
    return [data[p], data[p + 1], data[p + 2], data[p + 3]];
  };
  return { meta, info, data, at };
}

describe('faceSticker', { concurrency: 1 }, () => {
  it('cuts the face out along its mask: transparent around, a white outline, the face itself inside', async () => {
    const { bytes, image, mesh, mask } = await photoWithMask('portrait-07.jpg');
    const sticker = await rgba(await faceSticker(bytes, mask));
    assert.equal(sticker.meta.format, 'png');
    assert.equal(sticker.meta.hasAlpha, true);
    assert.equal(Math.max(sticker.info.width, sticker.info.height), STICKER_SIDE);
    const { width, height } = sticker.info;
    for (const [x, y] of [
      [0, 0],
      [width - 1, 0],
      [0, height - 1],
      [width - 1, height - 1],
    ])
      assert.equal(sticker.at(x, y)[3], 0, `corner ${x},${y} is transparent`);

    // The face's centre is the photo's own pixel, opaque.
    const nose = { x: mesh.points[4 * 3], y: mesh.points[4 * 3 + 1] };
    const oval = FACE_OVAL.map((i) => ({ x: mesh.points[i * 3], y: mesh.points[i * 3 + 1] }));
    const left = Math.min(...oval.map((p) => p.x));
    const top = Math.min(...oval.map((p) => p.y));
    const right = Math.max(...oval.map((p) => p.x));
    const bottom = Math.max(...oval.map((p) => p.y));
    const scale = (STICKER_SIDE - 32) / Math.max(right - left, bottom - top);
    const offsetX = (width - (right - left) * scale) / 2;
    const inSticker = sticker.at(offsetX + (nose.x - left) * scale, 16 + (nose.y - top) * scale);
    const p = (Math.round(nose.y) * image.width + Math.round(nose.x)) * 3;
    assert.equal(inSticker[3], 255);
    for (let c = 0; c < 3; c++)
      assert.ok(Math.abs(inSticker[c] - image.data[p + c]) < 40, 'the photo’s colour');

    // Along the middle row from the left: transparent, then the white outline, then the face.
    const row = Math.round(16 + (nose.y - top) * scale);
    const line = Array.from({ length: width }, (_, x) => sticker.at(x, row));
    const first = line.findIndex((pixel) => pixel[3] === 255);
    assert.ok(first > 0 && line[first - 1][3] < 255, 'opaque only from the outline on');
    assert.deepEqual(line[first].slice(0, 3), [255, 255, 255], 'the outline is white');
    const face = line.findIndex((pixel, x) => x > first && pixel[3] === 255 && pixel[0] < 230);
    assert.ok(face - first >= 6 && face - first <= 16, `an outline about 12 px wide (${face - first})`);
  });

  it('puts the caption under the face, white on black, inside the outline', async () => {
    const { bytes, mask } = await photoWithMask('portrait-07.jpg');
    const plain = await rgba(await faceSticker(bytes, mask));
    const captioned = await rgba(await faceSticker(bytes, mask, 'Monday\nagain'));
    assert.equal(Math.max(captioned.info.width, captioned.info.height), STICKER_SIDE);
    // The caption makes it taller relative to its width.
    assert.ok(captioned.info.height / captioned.info.width > plain.info.height / plain.info.width);
    assert.equal(captioned.at(0, captioned.info.height - 1)[3], 0);
    // The lowest fifth holds the text: opaque black outline and white letters.
    let black = 0;
    let white = 0;
    const { width, height } = captioned.info;
    for (let y = Math.round(height * 0.8); y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [r, g, b, a] = captioned.at(x, y);
        if (a < 255) continue;
        if (r < 40 && g < 40 && b < 40) black++;
        if (r > 230 && g > 230 && b > 230) white++;
      }
    }
    assert.ok(black > 500 && white > 500, `black ${black}, white ${white}`);
  });

  it('refuses a mask without a face', async () => {
    const { bytes, image } = await photoWithMask('portrait-07.jpg');
    const empty = await encodeFaceMask(new Uint8Array(image.width * image.height), image.width, image.height);
    await assert.rejects(faceSticker(bytes, empty), /holds no face/);
  });
});
