import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import {
  ANALYSE_JOB,
  FACE_ANALYSIS_FORMAT,
  CAPTION_JOB,
  FACE_STICKER_JOB,
  CAPTION_QUEUE,
  type CaptionJobResult,
  GENERATION_QUEUE,
  GENERATION_STAGES,
  SWAP_JOB,
  type AnalyseJobResult,
  type FaceAnalysisRecord,
  type GenerationJobProgress,
  type GenerationJobResult,
  type QueueJob,
  type SwapJobData,
} from '@mememint/contracts';
import { DirectoryMediaStore } from '@mememint/media';
import Bull from 'bull';
import sharp from 'sharp';

import { PHOTOS } from '../test/labelled-photos.js';
import { loadInferenceConfig } from './config.js';
import { startGenerationWorker, type GenerationWorker } from './worker.js';

const photos = fileURLToPath(PHOTOS);

describe('generation worker', { concurrency: 1 }, () => {
  const prefix = `inference-test-${randomUUID()}`;
  let mediaDir: string;
  let media: DirectoryMediaStore;
  let worker: GenerationWorker;
  let producer: Bull.Queue<QueueJob<typeof GENERATION_QUEUE>['data']>;
  let captions: Bull.Queue<QueueJob<typeof CAPTION_QUEUE>['data']>;
  const progress = new Map<string, GenerationJobProgress[]>();

  before(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'inference-media-'));
    media = new DirectoryMediaStore(mediaDir);
    await mkdir(path.join(mediaDir, 'uploads'));
    for (const name of ['portrait-07.jpg', 'tilted-02.jpg', 'noface-02.jpg', 'portrait-05.jpg']) {
      await copyFile(path.join(photos, name), path.join(mediaDir, 'uploads', name));
    }
    const config = loadInferenceConfig({
      ...process.env,
      MEDIA_DIR: mediaDir,
      INFERENCE_HEALTH_PORT: '0',
      INFERENCE_THREADS: '2',
    });
    worker = await startGenerationWorker(config, { prefix });
    producer = new Bull<QueueJob<typeof GENERATION_QUEUE>['data']>(GENERATION_QUEUE, config.redisUrl, {
      prefix,
    });
    captions = new Bull<QueueJob<typeof CAPTION_QUEUE>['data']>(CAPTION_QUEUE, config.redisUrl, { prefix });
    await Promise.all([producer.isReady(), captions.isReady()]);
    producer.on('global:progress', (jobId: string, value: GenerationJobProgress | string) => {
      const event = typeof value === 'string' ? (JSON.parse(value) as GenerationJobProgress) : value;
      progress.set(String(jobId), [...(progress.get(String(jobId)) ?? []), event]);
    });
  });

  after(async () => {
    await worker?.close();
    for (const queue of [producer, captions]) {
      await queue?.obliterate({ force: true });
      await queue?.close();
    }
    await rm(mediaDir, { recursive: true, force: true });
  });

  function payload(face: string, id: string): SwapJobData {
    return {
      faceKey: `uploads/${face}`,
      targetKey: 'uploads/tilted-02.jpg',
      text: 'top\nbottom',
      resultKey: `results/${id}.jpg`,
      thumbnailKey: `results/${id}.webp`,
    };
  }

  it('answers /ping', async () => {
    const response = await fetch(`http://127.0.0.1:${worker.port}/ping`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  it('swaps, reports every stage in order, and stores a JPEG result and a WEBP thumbnail', async () => {
    const job = await producer.add(SWAP_JOB, payload('portrait-07.jpg', 'gen-1'), { attempts: 3 });
    const result = (await job.finished()) as GenerationJobResult;

    assert.equal(result.resultKey, 'results/gen-1.jpg');
    assert.deepEqual([result.width, result.height], [1080, 1080]);
    assert.equal(result.faces.length, 1);
    const full = await sharp(await media.read(result.resultKey)).metadata();
    assert.deepEqual([full.format, full.width, full.height], ['jpeg', 1080, 1080]);
    const thumbnail = await sharp(await media.read(result.thumbnailKey)).metadata();
    assert.deepEqual([thumbnail.format, thumbnail.width, thumbnail.height], ['webp', 512, 512]);

    // Progress events travel through Redis pub/sub: wait for the last one.
    for (let i = 0; i < 50 && progress.get(String(job.id))?.at(-1)?.stage !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stages = (progress.get(String(job.id)) ?? []).map((event) => event.stage);
    assert.deepEqual(stages, ['decode', 'detect', 'landmarks', 'swap', 'caption', 'encode', 'store', 'done']);
    const order = stages.map((stage) => GENERATION_STAGES.indexOf(stage));
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
    );
    const values = (progress.get(String(job.id)) ?? []).map((event) => event.progress);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => a - b),
    );
  });

  it('retries a job that fails for another reason (a missing input file)', async () => {
    const job = await producer.add(
      SWAP_JOB,
      { ...payload('portrait-07.jpg', 'gen-3'), targetKey: 'uploads/missing.jpg' },
      { attempts: 2 },
    );
    await assert.rejects(job.finished(), /media object "uploads\/missing.jpg" not found/);
    // Settled only once the last attempt has failed.
    let failed = await producer.getJob(job.id);
    for (let i = 0; i < 100 && (await failed?.getState()) !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      failed = await producer.getJob(job.id);
    }
    assert.ok(failed);
    assert.equal(await failed.getState(), 'failed');
    assert.equal(failed.attemptsMade, 2);
  });

  it('fails a job without a face at once, without retrying it', async () => {
    const job = await producer.add(SWAP_JOB, payload('noface-02.jpg', 'gen-2'), { attempts: 3 });
    await assert.rejects(job.finished(), /^Error: NO_FACE: no face found in the face photo$/);
    const failed = await producer.getJob(job.id);
    assert.ok(failed);
    assert.equal(await failed.getState(), 'failed');
    assert.equal(failed.attemptsMade, 1);
    assert.match(failed.failedReason ?? '', /^NO_FACE: /);
  });

  it('analyses a face photo once: the record beside it, its faces and a passed check', async () => {
    const job = await producer.add(ANALYSE_JOB, { imageKey: 'uploads/portrait-05.jpg', kind: 'face' });
    const result = (await job.finished()) as AnalyseJobResult;

    assert.equal(result.analysisKey, 'uploads/portrait-05.jpg.analysis.json');
    assert.equal(result.check.passed, true);
    assert.ok(result.faces.length >= 1);
    assert.ok(result.faces[0].quality.width >= 80);
    const record = JSON.parse((await media.read(result.analysisKey)).toString('utf8')) as FaceAnalysisRecord;
    assert.equal(record.format, FACE_ANALYSIS_FORMAT);
    assert.deepEqual([record.width, record.height], [result.width, result.height]);
    assert.equal(record.faces.length, result.faces.length);
    assert.deepEqual(Object.keys(result.timings).sort(), ['decode', 'detect', 'landmarks', 'store']);
  });

  it('answers a face photo without a face with the NO_FACE advice (a check, not a failure)', async () => {
    const job = await producer.add(ANALYSE_JOB, { imageKey: 'uploads/noface-02.jpg', kind: 'face' });
    const result = (await job.finished()) as AnalyseJobResult;
    assert.deepEqual(result.faces, []);
    assert.equal(result.check.passed, false);
    assert.ok(!result.check.passed && result.check.code === 'NO_FACE');
    assert.equal(result.check.passed ? '' : result.check.detail, "There's no face on your photo");
  });

  it('swaps with stored analyses of both images (no detection or landmarks then)', async () => {
    const analysed = await producer.add(ANALYSE_JOB, { imageKey: 'uploads/tilted-02.jpg', kind: 'template' });
    const template = (await analysed.finished()) as AnalyseJobResult;
    assert.equal(template.check.passed, true);
    const job = await producer.add(SWAP_JOB, { ...payload('portrait-05.jpg', 'gen-4'), faces: [0] });
    const result = (await job.finished()) as GenerationJobResult;
    assert.equal(result.faces.length, 1);
    assert.deepEqual(result.faces[0], template.faces[0].box);
    assert.deepEqual(result.cached, { face: true, target: true });
    const full = await sharp(await media.read(result.resultKey)).metadata();
    assert.deepEqual([full.format, full.width, full.height], ['jpeg', 1080, 1080]);
  });

  it('fails a swap whose face index the target does not have, without retrying it', async () => {
    const job = await producer.add(
      SWAP_JOB,
      { ...payload('portrait-05.jpg', 'gen-5'), faces: [7] },
      { attempts: 3 },
    );
    await assert.rejects(job.finished(), /^Error: NO_SUCH_FACE: /);
    const failed = await producer.getJob(job.id);
    assert.equal(failed?.attemptsMade, 1);
  });

  it('keeps the result without its caption and the faces’ mask, and a caption job draws a new caption', async () => {
    const job = await producer.add(SWAP_JOB, {
      ...payload('portrait-07.jpg', 'gen-4'),
      plainKey: 'results/gen-4.plain.jpg',
      maskKey: 'results/gen-4.mask.png',
    });
    const swapped = (await job.finished()) as GenerationJobResult;
    assert.equal(swapped.plainKey, 'results/gen-4.plain.jpg');
    assert.equal(swapped.maskKey, 'results/gen-4.mask.png');
    const mask = await sharp(await media.read('results/gen-4.mask.png')).metadata();
    assert.deepEqual(
      [mask.format, mask.channels, mask.width, mask.height],
      ['png', 1, swapped.width, swapped.height],
    );
    const pixels = async (key: string) =>
      sharp(await media.read(key))
        .raw()
        .toBuffer();
    const [captioned, plain] = await Promise.all([
      pixels(swapped.resultKey),
      pixels('results/gen-4.plain.jpg'),
    ]);
    assert.equal(plain.length, captioned.length);
    assert.ok(!plain.equals(captioned), 'the caption is not in the plain result');

    const redraw = await captions.add(CAPTION_JOB, {
      sourceKey: 'results/gen-4.plain.jpg',
      text: 'a new caption',
      resultKey: 'results/gen-4.v2.jpg',
      thumbnailKey: 'results/gen-4.v2.webp',
    });
    const result = (await redraw.finished()) as CaptionJobResult;
    assert.deepEqual(result, {
      resultKey: 'results/gen-4.v2.jpg',
      thumbnailKey: 'results/gen-4.v2.webp',
      width: 1080,
      height: 1080,
    });
    const recaptioned = await pixels(result.resultKey);
    assert.ok(!recaptioned.equals(plain) && !recaptioned.equals(captioned));
    const thumbnail = await sharp(await media.read(result.thumbnailKey)).metadata();
    assert.deepEqual([thumbnail.format, thumbnail.width], ['webp', 512]);
    // A face sticker job cuts the face out of the plain result along the mask.
    const sticker = await captions.add(FACE_STICKER_JOB, {
      pictureKey: 'results/gen-4.plain.jpg',
      maskKey: 'results/gen-4.mask.png',
      text: 'a new caption',
      resultKey: 'results/gen-4.sticker.png',
    });
    assert.deepEqual(await sticker.finished(), { resultKey: 'results/gen-4.sticker.png' });
    const cut = await sharp(await media.read('results/gen-4.sticker.png')).metadata();
    assert.deepEqual([cut.format, cut.hasAlpha, Math.max(cut.width, cut.height)], ['png', true, 512]);
  });
});
