import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import sharp from 'sharp';

import { photoBytes } from '../../test/labelled-photos.js';
import { loadInferenceConfig } from '../config.js';
import { analyseImage } from './face-analysis.js';
import { checkFace } from './face-check.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

async function check(bytes: Uint8Array, limits = config.faceCheck) {
  const { record } = await analyseImage(bytes, 'face', config);
  return checkFace(record.faces, limits);
}

/** The photo's largest face width in pixels, as analysed. */
async function faceWidth(bytes: Uint8Array): Promise<number> {
  return (await analyseImage(bytes, 'face', config)).record.faces[0].quality.width;
}

describe('face check', { concurrency: 1 }, () => {
  it('passes clear frontal faces of every skin tone without notices', async () => {
    for (const name of ['portrait-07.jpg', 'portrait-04.jpg', 'portrait-05.jpg', 'portrait-11.jpg']) {
      assert.deepEqual(await check(photoBytes(name)), { passed: true, face: 0, notices: [] }, name);
    }
  });

  it('refuses a photo without a face', async () => {
    const result = await check(photoBytes('noface-02.jpg'));
    assert.equal(result.passed, false);
    assert.equal(!result.passed && result.code, 'NO_FACE');
    assert.equal(!result.passed && result.detail, "There's no face on your photo");
  });

  it('uses the largest of several faces and says so', async () => {
    const result = await check(photoBytes('group-04.jpg'), { ...config.faceCheck, maxYaw: 90 });
    assert.ok(result.passed);
    assert.equal(result.face, 0);
    assert.ok(result.notices.some((notice) => notice.code === 'MULTIPLE_FACES'));
  });

  it('refuses a turned face, per the configured limit', async () => {
    const turned = photoBytes('tilted-01.jpg');
    const result = await check(turned);
    assert.equal(!result.passed && result.code, 'FACE_TURNED');
    assert.equal((await check(turned, { ...config.faceCheck, maxYaw: 60 })).passed, true);
  });

  it('refuses a face smaller than the configured width', async () => {
    const original = photoBytes('portrait-07.jpg');
    const width = await faceWidth(original);
    const meta = await sharp(original).metadata();
    // Scaled so that the face is about 60 px wide.
    const small = await sharp(original)
      .resize(Math.round(((meta.width ?? 0) * 60) / width))
      .jpeg({ quality: 95 })
      .toBuffer();
    const result = await check(small);
    assert.equal(!result.passed && result.code, 'FACE_TOO_SMALL');
    assert.equal((await check(small, { ...config.faceCheck, minWidth: 40 })).passed, true);
  });

  it('refuses a strongly blurred photo and a very dark one, not a dark-skinned face', async () => {
    for (const name of ['portrait-07.jpg', 'portrait-04.jpg', 'tilted-04.jpg']) {
      const original = photoBytes(name);
      const blurred = await sharp(original)
        .blur(0.025 * (await faceWidth(original)))
        .jpeg()
        .toBuffer();
      const blurredCheck = await check(blurred);
      assert.equal(!blurredCheck.passed && blurredCheck.code, 'FACE_BLURRED', name);
      const dark = await sharp(original).linear(0.2, 0).jpeg().toBuffer();
      const darkCheck = await check(dark);
      assert.equal(!darkCheck.passed && darkCheck.code, 'FACE_TOO_DARK', name);
    }
  });

  it('notes glasses on the face photo', async () => {
    for (const name of ['portrait-01.jpg', 'portrait-08.jpg', 'portrait-13.jpg']) {
      const result = await check(photoBytes(name), { ...config.faceCheck, maxYaw: 90 });
      assert.ok(result.passed, name);
      assert.deepEqual(
        result.notices.map((notice) => notice.code),
        ['GLASSES'],
        name,
      );
    }
  });
});
