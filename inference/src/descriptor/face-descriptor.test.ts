/**
 * The descriptor tells people apart: a photo and its mirrored or resized copy are the same person, the
 * labelled portraits are different people. Faces are seeded from their labels (box and eyes), then meshed.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import sharp from 'sharp';

import { decodePhoto, labelledFace, labels } from '../../test/labelled-photos.js';
import { detectMesh } from '../landmarks/face-mesh.js';
import { ensureModels } from '../models/model-paths.js';
import type { DetectedFace, RgbImage } from '../types.js';
import {
  DESCRIPTOR_LENGTH,
  descriptorSimilarity,
  faceDescriptor,
  faceDescriptors,
} from './face-descriptor.js';

const session = { device: 'cpu', intraOpThreads: 2 } as const;
/** Single-person portraits of five different people. */
const portraits = [
  'portrait-01.jpg',
  'portrait-02.jpg',
  'portrait-04.jpg',
  'portrait-07.jpg',
  'tilted-01.jpg',
];

function mirrored(image: RgbImage): RgbImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      const to = (y * width + (width - 1 - x)) * 3;
      out[to] = data[from];
      out[to + 1] = data[from + 1];
      out[to + 2] = data[from + 2];
    }
  return { data: out, width, height };
}

function mirroredFace(face: DetectedFace, width: number): DetectedFace {
  const flip = ({ x, y }: { x: number; y: number }) => ({ x: width - x, y });
  const [rightEye, leftEye] = face.keypoints;
  return {
    box: { ...face.box, x: width - face.box.x - face.box.width },
    score: face.score,
    // The subject's right eye is still the image-left one after mirroring.
    keypoints: [flip(leftEye), flip(rightEye)],
  };
}

async function resized(image: RgbImage, scale: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(Math.round(image.width * scale))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

function scaledFace(face: DetectedFace, scale: number): DetectedFace {
  const { x, y, width, height } = face.box;
  return {
    box: { x: x * scale, y: y * scale, width: width * scale, height: height * scale },
    score: face.score,
    keypoints: face.keypoints.map((point) => ({ x: point.x * scale, y: point.y * scale })),
  };
}

async function describeFace(image: RgbImage, face: DetectedFace): Promise<Float32Array> {
  return faceDescriptor(image, await detectMesh(image, face, session), session);
}

describe('faceDescriptor', { concurrency: 1 }, () => {
  before(() => ensureModels());

  it('finds a photo and its mirrored and resized copies far more similar than different people', async (t) => {
    const originals: Float32Array[] = [];
    const sameSimilarities: number[] = [];
    for (const name of portraits) {
      const image = await decodePhoto(name);
      const face = labelledFace(labels[name].faces[0]);
      const original = await describeFace(image, face);
      assert.equal(original.length, DESCRIPTOR_LENGTH);
      assert.ok(
        original.every((value) => value >= 0),
        'descriptors are means of ReLU6 activations',
      );
      originals.push(original);
      const copies = [
        await describeFace(mirrored(image), mirroredFace(face, image.width)),
        await describeFace(await resized(image, 0.6), scaledFace(face, 0.6)),
      ];
      for (const copy of copies) sameSimilarities.push(descriptorSimilarity(original, copy));
    }
    const differentSimilarities = originals.flatMap((a, i) =>
      originals.slice(i + 1).map((b) => descriptorSimilarity(a, b)),
    );
    const sameLeast = Math.min(...sameSimilarities);
    const differentMost = Math.max(...differentSimilarities);
    t.diagnostic(`same person ≥ ${sameLeast.toFixed(3)}, different people ≤ ${differentMost.toFixed(3)}`);
    assert.ok(sameLeast > 0.8, `same person similarity ${sameLeast}`);
    assert.ok(differentMost < 0.5, `different people similarity ${differentMost}`);
  });

  it('describes several faces in one run as it describes them one by one, also from a bare detection', async () => {
    const image = await decodePhoto('group-02.jpg');
    const faces = labels['group-02.jpg'].faces.slice(0, 3).map(labelledFace);
    const batch = await faceDescriptors(image, faces, session);
    assert.equal(batch.length, 3);
    for (const [i, face] of faces.entries()) {
      assert.ok(descriptorSimilarity(batch[i], await faceDescriptor(image, face, session)) > 0.99);
    }
    assert.ok(descriptorSimilarity(batch[0], batch[1]) < 0.8, 'two family members are different people');
  });
});

describe('descriptorSimilarity', () => {
  it('is 1 for identical descriptors and falls with the distance, as Human computes it', () => {
    const a = new Float32Array(DESCRIPTOR_LENGTH).fill(0.5);
    const shifted = (by: number) => a.map((value) => value + by);
    assert.equal(descriptorSimilarity(a, a), 1);
    // Σ(a−b)² = 1024 · 0.15² = 23.04, dist = 576, √dist = 24: (1 − 0.24 − 0.2) / 0.6.
    assert.ok(Math.abs(descriptorSimilarity(a, shifted(0.15)) - 0.56 / 0.6) < 1e-5);
    assert.ok(descriptorSimilarity(a, shifted(0.3)) < descriptorSimilarity(a, shifted(0.15)));
    assert.equal(descriptorSimilarity(a, shifted(0.5)), 0);
  });

  it('refuses descriptors of different lengths', () => {
    assert.throws(() => descriptorSimilarity(new Float32Array(2), new Float32Array(3)), /differ in length/);
  });
});
