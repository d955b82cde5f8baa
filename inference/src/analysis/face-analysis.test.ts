import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { FaceAnalysisRecord } from '@mememint/contracts';

import { decodePhoto, photoBytes } from '../../test/labelled-photos.js';
import { loadInferenceConfig } from '../config.js';
import { UnsupportedImageError } from '../errors.js';
import { analyseImage, detectImageFaces, meshImageFaces, storedImageFaces } from './face-analysis.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

describe('face analysis', { concurrency: 1 }, () => {
  it('lists every face largest first with its mesh and quality, as JSON, and no identity descriptor', async () => {
    const bytes = photoBytes('group-02.jpg');
    const { record } = await analyseImage(bytes, 'template', config);
    assert.equal(record.faces.length, 7);
    const areas = record.faces.map(({ box }) => box.width * box.height);
    assert.deepEqual(
      areas,
      [...areas].sort((a, b) => b - a),
    );
    const stored: FaceAnalysisRecord = JSON.parse(JSON.stringify(record));
    const faces = await storedImageFaces(stored, bytes);
    assert.ok(faces);
    assert.equal(faces.length, 7);
    // Stored bit for bit: the meshes a fresh detection and landmark run finds, in the same order.
    const image = await decodePhoto('group-02.jpg');
    const fresh = await meshImageFaces(image, await detectImageFaces(image, config, true), config);
    assert.deepEqual(
      faces.map((face) => face.mesh.points),
      fresh.map((face) => face.mesh.points),
    );
    assert.deepEqual(
      faces.map((face) => face.box),
      fresh.map((face) => face.box),
    );
    // Boxes, meshes and quality only: nothing reads an identity descriptor, so none is computed or kept.
    for (const face of stored.faces)
      assert.deepEqual(Object.keys(face).sort(), ['box', 'mesh', 'meshScore', 'quality']);
  });

  it('is ignored for other bytes, another version or a damaged record', async () => {
    const bytes = photoBytes('portrait-07.jpg');
    const { record } = await analyseImage(bytes, 'face', config);
    assert.ok(await storedImageFaces(record, bytes));
    assert.equal(await storedImageFaces(record, photoBytes('portrait-04.jpg')), null);
    assert.equal(await storedImageFaces({ ...record, version: '0-0000000000000000' }, bytes), null);
    const damaged = { ...record, faces: [{ ...record.faces[0], mesh: 'AAAA' }] };
    assert.equal(await storedImageFaces(damaged, bytes), null);
    assert.equal(await storedImageFaces(null, bytes), null);
  });

  it('takes only JPEG face photos; templates may be PNG', async () => {
    const png = photoBytes('png-portrait-01.png');
    await assert.rejects(analyseImage(png, 'face', config), UnsupportedImageError);
    assert.equal((await analyseImage(png, 'template', config)).record.faces.length, 1);
  });
});
