import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';
import { capsuleWeight, keepExpressionDetail, mixDetail, zoneCapsules } from './expression-detail.js';
import type { RgbImage } from '../types.js';

const SIZE = 80;

/** Weight 1 in the middle 40 × 40 (the blur's reach stays inside the field, as the zones' box ensures). */
function middle(): Float32Array {
  const weight = new Float32Array(SIZE * SIZE);
  for (let y = 20; y < 60; y++) weight.fill(1, y * SIZE + 20, y * SIZE + 60);
  return weight;
}

/** An 80 × 80 L*a*b* field of lightness `light`, a* 12, b* 16. */
function flat(light: number): Float32Array {
  const lab = new Float32Array(SIZE * SIZE * 3);
  for (let m = 0; m < SIZE * SIZE; m++) lab.set([light, 12, 16], m * 3);
  return lab;
}

const lightOf = (lab: Float32Array) => lab.filter((_, k) => k % 3 === 0);

/** A dark vertical crease (−10 L*, 2 px wide) at column `x`. */
function withCrease(lab: Float32Array, x: number, depth = 10): Float32Array {
  for (let y = 0; y < SIZE; y++) for (const c of [x, x + 1]) lab[(y * SIZE + c) * 3] -= depth;
  return lab;
}

/** A frontal face 100 px wide about (100, 100): the mesh points the zones use, the rest at the centre. */
function mesh(): Float32Array {
  const points = new Float32Array(MESH_POINT_COUNT * 3);
  for (let i = 0; i < MESH_POINT_COUNT; i++) points.set([100, 100, 0], i * 3);
  const at: Record<number, [number, number]> = {
    9: [100, 70],
    168: [100, 80],
    195: [100, 105],
    152: [100, 160],
    98: [88, 112],
    327: [112, 112],
    61: [82, 130],
    291: [118, 130],
    33: [70, 85],
    263: [130, 85],
  };
  for (const [i, [x, y]] of Object.entries(at)) points.set([x, y, 0], Number(i) * 3);
  return points;
}

describe('mixDetail', () => {
  it('takes the template’s crease where it is stronger, keeps the face’s colour and coarse light', () => {
    const face = flat(60);
    const template = withCrease(flat(45), 40);
    const mixed = mixDetail(lightOf(face), lightOf(template), middle(), SIZE, SIZE, 2);
    const at = (x: number) => mixed[40 * SIZE + x];
    assert.ok(at(40) < 54, `crease ${at(40)}`);
    assert.ok(Math.abs(at(30) - 60) < 0.5, `flat skin ${at(30)}`);
  });

  it('leaves the face’s own stronger detail, and everything where the weight is 0', () => {
    const face = withCrease(flat(60), 40, 20);
    const template = withCrease(flat(60), 40, 5);
    assert.deepEqual(mixDetail(lightOf(face), lightOf(template), middle(), SIZE, SIZE, 2), lightOf(face));
    const plain = lightOf(flat(60));
    assert.deepEqual(
      mixDetail(plain, lightOf(withCrease(flat(60), 40)), new Float32Array(SIZE * SIZE), SIZE, SIZE, 2),
      plain,
    );
  });

  it('takes no more than the limit of the template’s detail (a beard or a frame is not a crease)', () => {
    const mixed = mixDetail(
      lightOf(flat(60)),
      lightOf(withCrease(flat(60), 40, 60)),
      middle(),
      SIZE,
      SIZE,
      2,
      14,
    );
    assert.ok(mixed[40 * SIZE + 40] >= 60 - 14 - 0.01, `${mixed[40 * SIZE + 40]}`);
  });
});

describe('keepExpressionDetail', () => {
  const region = { x: 50, y: 50, width: 100, height: 120 };
  const zones = new Float32Array(region.width * region.height);
  for (const capsule of zoneCapsules(mesh(), 100)) {
    const weight = capsuleWeight(capsule, region);
    for (let m = 0; m < zones.length; m++) zones[m] = Math.max(zones[m], weight[m]);
  }
  const at = (x: number, y: number) => zones[(y - region.y) * region.width + (x - region.x)];

  it('keeps the glabella and the nose’s bridge', () => {
    assert.equal(at(100, 75), 1);
    assert.equal(at(100, 95), 1);
    assert.ok(at(102, 100) > 0.5, `bridge ${at(102, 100)}`);
  });

  it('leaves the cheeks, the folds, the eyes’ corners, the chin and the forehead’s top alone', () => {
    assert.equal(at(60, 120), 0);
    assert.equal(at(81, 121), 0);
    assert.equal(at(63, 85), 0);
    assert.equal(at(100, 155), 0);
    assert.equal(at(100, 52), 0);
  });

  it('changes only the lightness of written, unprotected pixels of the zones, to the template’s crease', () => {
    // The template: grey (L* ≈ 54) with a dark vertical crease across the glabella at x = 99.
    const image: RgbImage = { data: new Uint8Array(200 * 200 * 3).fill(128), width: 200, height: 200 };
    for (let y = 60; y < 90; y++) image.data.fill(60, (y * 200 + 99) * 3, (y * 200 + 99) * 3 + 3);
    const face = new Float32Array(region.width * region.height * 3);
    for (let m = 0; m < region.width * region.height; m++) face.set([60, 12, 16], m * 3);
    const before = Float32Array.from(face);
    const written = new Uint8Array(region.width * region.height).fill(1);
    const features = new Float32Array(region.width * region.height).fill(1);
    keepExpressionDetail(face, image, mesh(), written, features, region, 100);
    assert.deepEqual(face, before);
    features.fill(0);
    keepExpressionDetail(face, image, mesh(), written, features, region, 100);
    const m = (75 - region.y) * region.width + (99 - region.x);
    assert.ok(face[m * 3] < 55, `crease ${face[m * 3]}`);
    assert.deepEqual([face[m * 3 + 1], face[m * 3 + 2]], [12, 16]);
    // Far from the zones (the cheek) nothing changed.
    const cheek = (120 - region.y) * region.width + (60 - region.x);
    assert.equal(face[cheek * 3], 60);
  });
});
