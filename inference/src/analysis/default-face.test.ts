import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { defaultFaceIndex, type FaceQuality } from '@mememint/contracts';

import { labels, photoBytes } from '../../test/labelled-photos.js';
import { loadInferenceConfig } from '../config.js';
import { runSwap } from '../pipeline.js';
import { analyseImage } from './face-analysis.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

const quality = (width: number, yaw: number, sharpness: number): { quality: FaceQuality } => ({
  quality: { width, yaw, sharpness, brightness: 180, glasses: 0.4 },
});

/** Intersection over union of two [x, y, w, h] boxes. */
function iou(a: number[], b: number[]): number {
  const [ax, ay, aw, ah] = a as [number, number, number, number];
  const [bx, by, bw, bh] = b as [number, number, number, number];
  const w = Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx));
  const h = Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));
  return (w * h) / (aw * ah + bw * bh - w * h);
}

/** The labelled face (labels.json `defaultFace`) a detected box is. */
function labelledDefault(name: string): number[] {
  const face = labels[name]!.faces.find((labelled) => (labelled as { defaultFace?: boolean }).defaultFace);
  assert.ok(face, `${name} labels a default face`);
  return face.box;
}

describe('the default face (issue 23)', { concurrency: 1 }, () => {
  it('is the largest, unless faces of nearly its size are more frontal and sharper', () => {
    assert.equal(defaultFaceIndex([]), 0);
    assert.equal(defaultFaceIndex([quality(200, 40, 100)]), 0);
    // A turned largest face and a frontal one of nearly its size: the frontal one.
    assert.equal(defaultFaceIndex([quality(200, 40, 300), quality(180, 2, 300)]), 1);
    // The same faces, the second much smaller: the largest.
    assert.equal(defaultFaceIndex([quality(200, 40, 300), quality(120, 2, 300)]), 0);
    // Equally frontal: the sharper; equal in everything: the larger.
    assert.equal(defaultFaceIndex([quality(200, 5, 50), quality(190, 5, 400)]), 1);
    assert.equal(defaultFaceIndex([quality(200, 5, 300), quality(190, 5, 300)]), 0);
  });

  for (const name of ['group-04.jpg', 'group-03.jpg']) {
    it(`on ${name}, is the face labelled as the default among faces of nearly the same size`, async (t) => {
      const { record } = await analyseImage(photoBytes(name), 'template', config);
      const index = defaultFaceIndex(record.faces);
      const { box } = record.faces[index]!;
      t.diagnostic(
        record.faces
          .map(({ quality: q }, i) => `${i}: width ${q.width} yaw ${q.yaw} sharpness ${q.sharpness}`)
          .join('; '),
      );
      assert.ok(index > 0, 'not simply the largest');
      assert.ok(iou([box.x, box.y, box.width, box.height], labelledDefault(name)) >= 0.4);
    });
  }

  it('is what a swap without a face choice replaces, and the result says which', async () => {
    const target = photoBytes('group-04.jpg');
    const { record } = await analyseImage(target, 'template', config);
    const expected = defaultFaceIndex(record.faces);
    const face = photoBytes('portrait-05.jpg');
    // With the stored analysis (a template's), and without it (faces found and meshed here).
    for (const analyses of [{ target: record }, {}]) {
      const result = await runSwap({ face, target, analyses }, config);
      assert.deepEqual(result.faceIndexes, [expected]);
      assert.equal(result.cached.target, 'target' in analyses);
      const [swapped] = result.faces;
      assert.ok(
        iou([swapped!.x, swapped!.y, swapped!.width, swapped!.height], labelledDefault('group-04.jpg')) >=
          0.4,
      );
    }
    const all = await runSwap({ face, target, analyses: { target: record }, faces: 'all' }, config);
    assert.deepEqual(
      all.faceIndexes,
      record.faces.map((_, i) => i),
    );
  });
});
