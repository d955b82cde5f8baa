import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { locateFaces } from '../detect/face-detector.js';
import { decodePhoto } from '../../test/labelled-photos.js';
import { detectMesh } from '../landmarks/face-mesh.js';
import { FACE_OVAL, LEFT_EYE_CORNERS, MOUTH_CORNERS, RIGHT_EYE_CORNERS } from '../landmarks/mesh-indices.js';
import { MIRROR } from './mesh-symmetry.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;

describe('MIRROR', () => {
  it('is an involution that swaps the known left/right landmarks', () => {
    for (let i = 0; i < 468; i++) assert.equal(MIRROR[MIRROR[i]], i);
    assert.equal(MIRROR[RIGHT_EYE_CORNERS[0]], LEFT_EYE_CORNERS[1]);
    assert.equal(MIRROR[RIGHT_EYE_CORNERS[1]], LEFT_EYE_CORNERS[0]);
    assert.equal(MIRROR[MOUTH_CORNERS[0]], MOUTH_CORNERS[1]);
    assert.equal(MIRROR[1], 1);
    assert.ok(FACE_OVAL.every((i) => (FACE_OVAL as readonly number[]).includes(MIRROR[i])));
  });

  it('maps each point of a frontal face near the reflection of its mirror point', async (t) => {
    const image = await decodePhoto('portrait-07.jpg');
    const [face] = await locateFaces(image, session);
    const { points } = await detectMesh(image, face, session);
    // Reflect across the line through the forehead top (10) and the chin (152).
    const [ax, ay, bx, by] = [points[30], points[31], points[456], points[457]];
    const length = Math.hypot(bx - ax, by - ay);
    const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
    const width = Math.hypot(points[234 * 3] - points[454 * 3], points[234 * 3 + 1] - points[454 * 3 + 1]);
    let worst = 0;
    for (let i = 0; i < 468; i++) {
      const j = MIRROR[i];
      const dx = points[j * 3] - ax;
      const dy = points[j * 3 + 1] - ay;
      const along = dx * ux + dy * uy;
      const rx = ax + 2 * along * ux - dx;
      const ry = ay + 2 * along * uy - dy;
      worst = Math.max(worst, Math.hypot(points[i * 3] - rx, points[i * 3 + 1] - ry) / width);
    }
    t.diagnostic(`worst mismatch ${(worst * 100).toFixed(1)}% of the face width`);
    assert.ok(worst < 0.1, `worst mismatch ${(worst * 100).toFixed(1)}% of the face width`);
  });
});
