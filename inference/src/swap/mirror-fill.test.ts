import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import Delaunator from 'delaunator';

import { decodePhoto, largestFaceMesh } from '../../test/labelled-photos.js';
import { meshYaw } from '../landmarks/head-pose.js';
import { FACE_OVAL, LEFT_EYE, RIGHT_EYE } from '../landmarks/mesh-indices.js';
import type { FaceMesh, RgbImage } from '../types.js';
import { fillPolygon } from './mask.js';
import { mirrorPlan } from './mirror-fill.js';
import { regionAround } from './region.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;

async function load(name: string): Promise<{ image: RgbImage; mesh: FaceMesh }> {
  const image = await decodePhoto(name);
  return { image, mesh: await largestFaceMesh(image, session) };
}

const outline = (points: Float32Array, indices: readonly number[]) =>
  indices.map((i) => ({ x: points[i * 3], y: points[i * 3 + 1] }));

describe('mirror fill of a turned face photo', () => {
  it('measures frontal faces as frontal and turned ones as turned', async () => {
    for (const name of ['portrait-07.jpg', 'portrait-04.jpg'])
      assert.ok(Math.abs(meshYaw((await load(name)).mesh.points)) < 10, name);
    for (const name of ['tilted-01.jpg', 'tilted-02.jpg'])
      assert.ok(Math.abs(meshYaw((await load(name)).mesh.points)) >= 20, name);
  });

  it('takes each eye whole from one picture: never a mix of two eyes', async () => {
    const target = await load('portrait-07.jpg');
    const dest = target.mesh.points;
    const coords = Float64Array.from({ length: 468 * 2 }, (_, k) => dest[Math.floor(k / 2) * 3 + (k % 2)]);
    const triangles = new Delaunator(coords).triangles;
    const region = regionAround(dest, FACE_OVAL, 2, target.image.width, target.image.height);
    const faceWidth = Math.hypot(dest[234 * 3] - dest[454 * 3], dest[234 * 3 + 1] - dest[454 * 3 + 1]);

    const frontal = await load('portrait-04.jpg');
    assert.equal(mirrorPlan(frontal.mesh.points, dest, triangles, region, faceWidth), null);

    for (const name of ['tilted-01.jpg', 'tilted-02.jpg']) {
      const turned = await load(name);
      const plan = mirrorPlan(turned.mesh.points, dest, triangles, region, faceWidth);
      assert.ok(plan && plan.weights.some((w) => w === 1), `${name}: the far side comes from the mirror`);
      // The far eye still shows enough on these photos to keep its own opening (and gaze).
      assert.ok(plan.opening, `${name}: the far eye's own opening`);
      const { weights } = plan;
      const eyes = [RIGHT_EYE, LEFT_EYE].map((eye) => {
        const inside = fillPolygon(outline(dest, eye), region);
        const values = new Set<number>();
        for (let m = 0; m < inside.length; m++) if (inside[m]) values.add(weights[m]);
        return [...values];
      });
      // Each eye wholly from one picture.
      assert.deepEqual(
        eyes.map((values) => values.length),
        [1, 1],
        `${name}: ${JSON.stringify(eyes.map((values) => values.slice(0, 5)))}`,
      );
    }
  });
});
