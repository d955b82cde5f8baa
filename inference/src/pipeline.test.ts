import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { FaceChoice } from '@mememint/contracts';
import sharp from 'sharp';

import { largestFaceMesh, photoBytes as photo } from '../test/labelled-photos.js';
import { loadInferenceConfig } from './config.js';
import { faceDescriptor, descriptorSimilarity } from './descriptor/face-descriptor.js';
import { analyseImage } from './analysis/face-analysis.js';
import {
  FaceTooSmallInTargetError,
  ImageTooLargeError,
  NoFaceError,
  NoSuchFaceError,
  UnsupportedImageError,
} from './errors.js';
import { decodeImage } from './image/decode.js';
import { FACE_OVAL, MESH_POINT_COUNT } from './landmarks/mesh-indices.js';
import { runSwap } from './pipeline.js';
import { swapFaceInto } from './swap/face-swap.js';
import { convexHull, point } from './swap/geometry.js';
import { fillPolygon } from './swap/mask.js';
import type { RgbImage } from './types.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

async function decoded(bytes: Uint8Array): Promise<RgbImage> {
  return decodeImage(bytes, {
    maxBytes: config.maxImageBytes,
    maxPixels: config.maxImagePixels,
    jpegOnly: false,
  });
}

/** Descriptor of the largest face of an image. */
async function identity(image: RgbImage): Promise<Float32Array> {
  return faceDescriptor(image, await largestFaceMesh(image, config), config);
}

describe('swapFaceInto', () => {
  it('changes only pixels inside the target face (its oval, or its mesh where a turned nose stands out)', async () => {
    const source = await decoded(photo('portrait-07.jpg'));
    const target = await decoded(photo('tilted-02.jpg'));
    const original = Uint8Array.from(target.data);
    const [sourceMesh, targetMesh] = await Promise.all([
      largestFaceMesh(source, config),
      largestFaceMesh(target, config),
    ]);
    swapFaceInto(target, targetMesh, source, sourceMesh);

    const whole = { x: 0, y: 0, width: target.width, height: target.height };
    const inside = fillPolygon(
      FACE_OVAL.map((i) => point(targetMesh.points, i)),
      whole,
    );
    // On a turned face the far eye and the nose's profile lie past the mesh's oval: the swap covers them too.
    const mesh = fillPolygon(
      convexHull(Array.from({ length: MESH_POINT_COUNT }, (_, i) => point(targetMesh.points, i))),
      whole,
    );
    let changedInside = 0;
    for (let m = 0; m < inside.length; m++) {
      const same =
        target.data[m * 3] === original[m * 3] &&
        target.data[m * 3 + 1] === original[m * 3 + 1] &&
        target.data[m * 3 + 2] === original[m * 3 + 2];
      if (inside[m] === 0 && mesh[m] === 0)
        assert.ok(same, `pixel ${m % target.width},${Math.floor(m / target.width)} changed`);
      else if (inside[m] && !same) changedInside++;
    }
    assert.ok(changedInside > 0.5 * inside.reduce((sum, v) => sum + v, 0), 'most of the face is replaced');
  });
});

describe('runSwap', { concurrency: 1 }, () => {
  for (const [face, target] of [
    ['portrait-07.jpg', 'tilted-02.jpg'],
    ['portrait-02.jpg', 'portrait-13.jpg'],
    ['portrait-04.jpg', 'portrait-01.jpg'],
  ]) {
    it(`puts ${face} into ${target}: target size, identity moves to the face`, async (t) => {
      const result = await runSwap({ face: photo(face), target: photo(target) }, config);
      const meta = await sharp(photo(target)).metadata();
      const resultMeta = await sharp(result.image).metadata();
      assert.deepEqual(
        [resultMeta.format, resultMeta.width, resultMeta.height],
        ['jpeg', meta.width, meta.height],
      );
      assert.equal(result.faces.length, 1);

      const faceId = await identity(await decoded(photo(face)));
      const before = descriptorSimilarity(await identity(await decoded(photo(target))), faceId);
      const after = descriptorSimilarity(await identity(await decoded(result.image)), faceId);
      t.diagnostic(`similarity to the face: target ${before.toFixed(3)}, result ${after.toFixed(3)}`);
      assert.ok(after > before, `result ${after} is not closer to the face than the target (${before})`);
    });
  }

  it('names the input without a face', async () => {
    await assert.rejects(
      runSwap({ face: photo('noface-02.jpg'), target: photo('portrait-01.jpg') }, config),
      (error) => error instanceof NoFaceError && error.input === 'face' && error.code === 'NO_FACE',
    );
    await assert.rejects(
      runSwap({ face: photo('portrait-01.jpg'), target: photo('noface-01.jpg') }, config),
      (error) => error instanceof NoFaceError && error.input === 'target' && error.code === 'NO_TARGET_FACE',
    );
  });

  it('refuses a PNG face photo', async () => {
    await assert.rejects(
      runSwap({ face: photo('png-portrait-01.png'), target: photo('portrait-01.jpg') }, config),
      UnsupportedImageError,
    );
  });

  it('refuses a face photo over the pixel limit', async () => {
    await assert.rejects(
      runSwap(
        { face: photo('portrait-01.jpg'), target: photo('portrait-02.jpg') },
        { ...config, maxImagePixels: 1000 },
      ),
      ImageTooLargeError,
    );
  });

  it('replaces every face with faces: all, draws the caption, keeps the faces’ mask', async () => {
    const result = await runSwap(
      {
        face: photo('portrait-07.jpg'),
        target: photo('group-03.jpg'),
        faces: 'all',
        text: 'Apollo\nКоманда',
        keepMask: true,
      },
      config,
    );
    assert.equal(result.faces.length, 3);
    // The mask: a greyscale PNG the result's size, face inside every swapped face, nothing in the corners.
    const meta = await sharp(result.mask!).metadata();
    assert.deepEqual(
      [meta.format, meta.width, meta.height, meta.channels],
      ['png', result.width, result.height, 1],
    );
    const mask = await sharp(result.mask!).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => mask.data[Math.round(y) * mask.info.width + Math.round(x)];
    for (const box of result.faces) assert.equal(at(box.x + box.width / 2, box.y + box.height / 2), 255);
    assert.equal(at(0, 0), 0);
    assert.equal(at(result.width - 1, result.height - 1), 0);
    assert.ok(result.timings.caption >= 0);
    assert.deepEqual(Object.keys(result.timings), [
      'decode',
      'detect',
      'landmarks',
      'swap',
      'caption',
      'encode',
    ]);
  });
});

describe('runSwap with stored analyses', { concurrency: 1 }, () => {
  it('gives the same image as analysing both photos on the spot', async () => {
    const [face, target] = [photo('tilted-01.jpg'), photo('portrait-04.jpg')];
    const analyses = {
      face: (await analyseImage(face, 'face', config)).record,
      target: (await analyseImage(target, 'template', config)).record,
    };
    const fresh = await runSwap({ face, target }, config);
    const cached = await runSwap({ face, target, analyses }, config);
    assert.deepEqual(fresh.cached, { face: false, target: false });
    assert.deepEqual(cached.cached, { face: true, target: true });
    assert.ok(cached.image.equals(fresh.image));
    assert.deepEqual(cached.faces, fresh.faces);
  });

  it('uses a stored analysis only for the bytes and models it was made with', async () => {
    const [face, target] = [photo('portrait-07.jpg'), photo('tilted-02.jpg')];
    const { record } = await analyseImage(target, 'template', config);
    // A marker the detector never produces: the answer shows which face list was used.
    const marked = { ...record, faces: record.faces.map((f) => ({ ...f, box: { ...f.box, score: 0.001 } })) };
    const used = await runSwap({ face, target, analyses: { target: marked } }, config);
    assert.equal(used.faces[0].score, 0.001);
    const stale = { ...marked, version: '0-0000000000000000' };
    const ignored = await runSwap({ face, target, analyses: { target: stale } }, config);
    assert.deepEqual(ignored.cached, { face: false, target: false });
    assert.notEqual(ignored.faces[0].score, 0.001);
  });
});

describe('runSwap: choosing the faces', { concurrency: 1 }, () => {
  it('replaces the listed faces of the target (indices into its analysis, largest first)', async () => {
    const [face, target] = [photo('portrait-07.jpg'), photo('group-02.jpg')];
    const { record } = await analyseImage(target, 'template', config);
    for (const faces of [[2], [0, 4]]) {
      const withAnalysis = await runSwap({ face, target, faces, analyses: { target: record } }, config);
      assert.deepEqual(
        withAnalysis.faces,
        faces.map((index) => record.faces[index].box),
      );
      // Without the stored analysis the worker lists the faces the same way.
      const without = await runSwap({ face, target, faces }, config);
      assert.ok(without.image.equals(withAnalysis.image));
    }
    const every = await runSwap({ face, target, faces: 'all', analyses: { target: record } }, config);
    assert.equal(every.faces.length, record.faces.length);
  });

  it('refuses an index the target does not have', async () => {
    await assert.rejects(
      runSwap({ face: photo('portrait-07.jpg'), target: photo('portrait-04.jpg'), faces: [1] }, config),
      (error) => error instanceof NoSuchFaceError && error.code === 'NO_SUCH_FACE',
    );
  });

  it('fails with a typed error, not an unchanged picture, for a face too small to swap', async () => {
    const tooSmall = { ...config, minTargetFaceWidth: 60 };
    for (const faces of ['largest', 'all', [1]] satisfies FaceChoice[]) {
      await assert.rejects(
        runSwap({ face: photo('portrait-07.jpg'), target: photo('group-03.jpg'), faces }, tooSmall),
        (error) =>
          error instanceof FaceTooSmallInTargetError &&
          error.code === 'FACE_TOO_SMALL_IN_TARGET' &&
          /too small to swap/.test(error.message),
      );
    }
  });
});
