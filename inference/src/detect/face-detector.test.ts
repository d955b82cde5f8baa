import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { decodePhoto, labels, photoNames } from '../../test/labelled-photos.js';
import { ensureModels } from '../models/model-paths.js';
import type { Box } from '../types.js';
import { iou } from './blazeface.js';
import { locateFaces, tileLevels } from './face-detector.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;

async function facesIn(name: string) {
  const image = await decodePhoto(name);
  return locateFaces(image, session, { exhaustive: true });
}

describe('locateFaces on the labelled photos', { concurrency: 1 }, () => {
  it('has the models', async () => {
    await ensureModels();
  });

  for (const name of photoNames.filter((photo) => labels[photo].faces.length > 0)) {
    it(`finds every face that is not marked hard in ${name}`, async (t) => {
      const found = await facesIn(name);
      for (const label of labels[name].faces) {
        const [x, y, width, height] = label.box;
        const box: Box = { x, y, width, height };
        const best = Math.max(0, ...found.map((face) => iou(face.box, box)));
        if (label.hard) t.diagnostic(`hard face at ${label.box.join(',')}: best IoU ${best.toFixed(2)}`);
        else assert.ok(best >= 0.5, `face at ${label.box.join(',')} best IoU ${best.toFixed(2)}`);
      }
      // Every reported face is a labelled one (hard ones included): no false positives next to real faces.
      for (const face of found) {
        const matched = labels[name].faces.some(
          ({ box: [x, y, width, height] }) => iou(face.box, { x, y, width, height }) > 0.3,
        );
        assert.ok(matched, `unlabelled detection at ${Math.round(face.box.x)},${Math.round(face.box.y)}`);
      }
    });
  }

  for (const name of photoNames.filter((photo) => photo.startsWith('noface-'))) {
    it(`reports no face in ${name}`, async () => {
      assert.deepEqual(await facesIn(name), []);
    });
  }
});

describe('locateFaces without exhaustive search', () => {
  it('still searches tiles when the whole frame finds no confident face', async () => {
    const image = await decodePhoto('small-face-02.jpg');
    const found = await locateFaces(image, session);
    const [x, y, width, height] = labels['small-face-02.jpg'].faces[1].box;
    assert.ok(found.some((face) => iou(face.box, { x, y, width, height }) >= 0.5));
  });
});

describe('tileLevels', () => {
  it('tiles large photos finely enough for a 40 px face and leaves small ones whole', () => {
    assert.deepEqual(tileLevels(400), []);
    assert.deepEqual(tileLevels(1024), [512]);
    // A 512 px tile shows a 40 px face at 20 px of the 256 px input, the back model's smallest.
    assert.deepEqual(tileLevels(1600), [512, 1024]);
  });
});
