/**
 * Landmarks on the labelled photos. Detection is its own stage (tested with the detector and end to end
 * by the pipeline tests); here each face is seeded from its label: the labelled box and eyes become the
 * DetectedFace the landmark stage receives.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { decodePhoto as decode, labelledFace, labels, photoNames } from '../../test/labelled-photos.js';
import { ensureModels } from '../models/model-paths.js';
import type { DetectedFace, RgbImage } from '../types.js';
import { detectMesh, detectMeshes, meshEyeCentres, meshPoint } from './face-mesh.js';
import {
  CHIN,
  FACE_OVAL,
  FOREHEAD_TOP,
  LEFT_BROW,
  LEFT_EYE,
  LIPS_OUTER,
  MESH_POINT_COUNT,
  MOUTH_CORNERS,
  NOSE_TIP,
  RIGHT_BROW,
  RIGHT_EYE,
} from './mesh-indices.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;
const photosWithFaces = photoNames.filter((name) => labels[name].faces.length > 0);

/**
 * Photos whose eye labels are off by 10–24% of the face width: on their faces the BlazeFace eye keypoints
 * and the mesh agree with each other within ~5% and both miss the labels by the same amount (e.g. in
 * group-03 the image-right eye of the right-hand face is labelled on the temple). Checked loosely here.
 */
const IMPRECISE_EYE_LABELS = new Set(['group-03.jpg', 'group-04.jpg']);

describe('detectMesh on the labelled photos', { concurrency: 1 }, () => {
  before(() => ensureModels());

  for (const name of photosWithFaces) {
    it(`puts the eyes where the labels are in ${name}`, async (t) => {
      const image = await decode(name);
      for (const label of labels[name].faces) {
        const mesh = await detectMesh(image, labelledFace(label), session);
        assert.equal(mesh.points.length, MESH_POINT_COUNT * 3);
        const width = label.box[2];
        const error = Math.max(
          ...meshEyeCentres(mesh).map((eye, i) =>
            Math.hypot(eye.x - label.eyes[i][0], eye.y - label.eyes[i][1]),
          ),
        );
        const relative = error / width;
        const where = `face at ${label.box.join(',')}: eye error ${(relative * 100).toFixed(1)}% of the face width`;
        if (label.hard) {
          t.diagnostic(`hard ${where}, face score ${mesh.faceScore.toFixed(2)}`);
          continue;
        }
        t.diagnostic(where);
        assert.ok(mesh.faceScore > 0.5, `face at ${label.box.join(',')}: face score ${mesh.faceScore}`);
        // Estimated eye positions (closed or hidden eyes) and the photos above are held to a looser bound.
        const tolerance = label.eyesApproximate || IMPRECISE_EYE_LABELS.has(name) ? 0.25 : 0.05;
        assert.ok(relative < tolerance, where);
      }
    });
  }

  it('undoes the roll: a portrait turned a quarter left gets its eyes right', async () => {
    const upright = await decode('portrait-07.jpg');
    // Turn the photo 90° counter-clockwise: pixel (x, y) goes to (y, width − 1 − x).
    const { width, height } = upright;
    const turned: RgbImage = { data: new Uint8Array(upright.data.length), width: height, height: width };
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const from = (y * width + x) * 3;
        const to = ((width - 1 - x) * height + y) * 3;
        turned.data.set(upright.data.subarray(from, from + 3), to);
      }
    const label = labels['portrait-07.jpg'].faces[0];
    const turn = ([x, y]: [number, number]): [number, number] => [y, width - x];
    const [bx, by, bw, bh] = label.box;
    const eyes = label.eyes.map(turn);
    const face: DetectedFace = {
      box: { x: by, y: width - bx - bw, width: bh, height: bw },
      score: 1,
      keypoints: eyes.map(([x, y]) => ({ x, y })),
    };
    const mesh = await detectMesh(turned, face, session);
    meshEyeCentres(mesh).forEach((eye, i) => {
      const error = Math.hypot(eye.x - eyes[i][0], eye.y - eyes[i][1]) / bw;
      assert.ok(error < 0.05, `eye ${i}: ${(error * 100).toFixed(1)}% of the face width`);
    });
    assert.ok(mesh.faceScore > 0.5);
  });

  it('gives the same meshes for a batch of faces as one by one', async () => {
    const image = await decode('group-02.jpg');
    const faces = labels['group-02.jpg'].faces.map(labelledFace);
    const batch = await detectMeshes(image, faces, session);
    assert.equal(batch.length, faces.length);
    for (const [i, face] of faces.entries()) {
      const single = await detectMesh(image, face, session);
      const difference = single.points.reduce(
        (max, value, j) => Math.max(max, Math.abs(value - batch[i].points[j])),
        0,
      );
      assert.ok(difference < 1e-2, `face ${i}: batch and single differ by ${difference} px`);
    }
  });

  it('names the right parts of a real mesh with its index constants', async () => {
    const image = await decode('portrait-07.jpg');
    const mesh = await detectMesh(image, labelledFace(labels['portrait-07.jpg'].faces[0]), session);
    const at = (index: number) => meshPoint(mesh, index);
    const mean = (indices: readonly number[]) => ({
      x: indices.reduce((sum, i) => sum + at(i).x, 0) / indices.length,
      y: indices.reduce((sum, i) => sum + at(i).y, 0) / indices.length,
    });
    // The oval runs clockwise on screen (positive shoelace area with y down) and holds every other part.
    const oval = FACE_OVAL.map(at);
    const area = oval.reduce((sum, p, i) => {
      const q = oval[(i + 1) % oval.length];
      return sum + (p.x * q.y - q.x * p.y) / 2;
    }, 0);
    assert.ok(area > 0, 'face oval is clockwise');
    const inside = ({ x, y }: { x: number; y: number }) =>
      oval.reduce((odd, p, i) => {
        const q = oval[(i + 1) % oval.length];
        return p.y > y !== q.y > y && x < ((q.x - p.x) * (y - p.y)) / (q.y - p.y) + p.x ? !odd : odd;
      }, false);
    for (const index of [...RIGHT_EYE, ...LEFT_EYE, ...RIGHT_BROW, ...LEFT_BROW, ...LIPS_OUTER, NOSE_TIP]) {
      assert.ok(inside(at(index)), `point ${index} inside the face oval`);
    }
    // Frontal upright face: subject's right parts on the image left, brows over eyes over nose over mouth.
    assert.ok(mean(RIGHT_EYE).x < mean(LEFT_EYE).x && mean(RIGHT_BROW).x < mean(LEFT_BROW).x);
    assert.ok(at(MOUTH_CORNERS[0]).x < at(MOUTH_CORNERS[1]).x);
    assert.ok(mean(RIGHT_BROW).y < mean(RIGHT_EYE).y && mean(LEFT_BROW).y < mean(LEFT_EYE).y);
    assert.ok(mean(RIGHT_EYE).y < at(NOSE_TIP).y && at(NOSE_TIP).y < mean(LIPS_OUTER).y);
    assert.ok(at(FOREHEAD_TOP).y < mean(RIGHT_BROW).y && mean(LIPS_OUTER).y < at(CHIN).y);
  });

  it('gives no meshes for no faces', async () => {
    assert.deepEqual(await detectMeshes({ data: new Uint8Array(3), width: 1, height: 1 }, [], session), []);
  });
});
