import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import {
  ANALYSE_JOB,
  CAPTION_JOB,
  CAPTION_QUEUE,
  type AnalyseJobResult,
  type CaptionJobData,
  type CaptionJobResult,
  GENERATION_QUEUE,
  type GenerationJobResult,
  type QueueJob,
  SWAP_JOB,
} from '@mememint/contracts';
import { createMediaStore, type MediaStore } from '@mememint/media';
import { startS3TestServer, type S3TestServer } from '@mememint/media/testing';
import Bull from 'bull';
import sharp from 'sharp';

import { PHOTOS } from '../test/labelled-photos.js';
import { loadInferenceConfig } from './config.js';
import { startGenerationWorker, type GenerationWorker } from './worker.js';

/** The worker with MEDIA_STORE=s3: inputs read from and results written to a bucket (s3rver here). */
describe('generation worker on an S3 media store', { concurrency: 1 }, () => {
  const prefix = `inference-s3-test-${randomUUID()}`;
  let s3: S3TestServer;
  let media: MediaStore;
  let worker: GenerationWorker;
  let producer: Bull.Queue<QueueJob<typeof GENERATION_QUEUE>['data']>;
  let captions: Bull.Queue<CaptionJobData>;

  before(async () => {
    s3 = await startS3TestServer();
    const config = loadInferenceConfig({
      ...process.env,
      ...s3.env,
      MEDIA_DIR: '/nonexistent-media-dir',
      INFERENCE_HEALTH_PORT: '0',
      INFERENCE_THREADS: '2',
    });
    assert.equal(config.media.kind, 's3');
    media = createMediaStore(config.media);
    // What the API does on an upload: the images go into the bucket.
    for (const name of ['portrait-05.jpg', 'tilted-02.jpg']) {
      await media.write(`uploads/${name}`, await readFile(path.join(fileURLToPath(PHOTOS), name)));
    }
    worker = await startGenerationWorker(config, { prefix });
    producer = new Bull(GENERATION_QUEUE, config.redisUrl, { prefix });
    captions = new Bull(CAPTION_QUEUE, config.redisUrl, { prefix });
    await Promise.all([producer.isReady(), captions.isReady()]);
  });

  after(async () => {
    await worker?.close();
    for (const queue of [producer, captions]) {
      await queue?.obliterate({ force: true });
      await queue?.close();
    }
    media?.close();
    await s3?.close();
  });

  it('analyses, swaps and recaptions through the bucket, and the results are served from it', async () => {
    const analyses = await Promise.all([
      producer.add(ANALYSE_JOB, { imageKey: 'uploads/portrait-05.jpg', kind: 'face' }),
      producer.add(ANALYSE_JOB, { imageKey: 'uploads/tilted-02.jpg', kind: 'template' }),
    ]);
    const [face, template] = (await Promise.all(analyses.map((job) => job.finished()))) as AnalyseJobResult[];
    assert.equal(face!.check.passed, true);
    assert.equal(template!.check.passed, true);

    const swap = await producer.add(SWAP_JOB, {
      faceKey: 'uploads/portrait-05.jpg',
      targetKey: 'uploads/tilted-02.jpg',
      text: 'stored\nin a bucket',
      resultKey: 'generations/s3-1.jpg',
      thumbnailKey: 'generations/s3-1.thumb.webp',
      plainKey: 'generations/s3-1.plain.jpg',
    });
    const swapped = (await swap.finished()) as GenerationJobResult;
    // The analyses were read back from the bucket, not made again.
    assert.deepEqual(swapped.cached, { face: true, target: true });

    const redraw = await captions.add(CAPTION_JOB, {
      sourceKey: 'generations/s3-1.plain.jpg',
      text: 'a new caption',
      resultKey: 'generations/s3-1.v2.jpg',
      thumbnailKey: 'generations/s3-1.v2.thumb.webp',
    });
    const recaptioned = (await redraw.finished()) as CaptionJobResult;

    assert.deepEqual(await s3.keys(), [
      'generations/s3-1.jpg',
      'generations/s3-1.plain.jpg',
      'generations/s3-1.thumb.webp',
      'generations/s3-1.v2.jpg',
      'generations/s3-1.v2.thumb.webp',
      'uploads/portrait-05.jpg',
      'uploads/portrait-05.jpg.analysis.json',
      'uploads/tilted-02.jpg',
      'uploads/tilted-02.jpg.analysis.json',
    ]);
    for (const [key, format] of [
      [swapped.resultKey, 'jpeg'],
      [swapped.thumbnailKey, 'webp'],
      [recaptioned.resultKey, 'jpeg'],
    ] as const) {
      const link = await media.clientUrl(key);
      const response = await fetch(link!.url);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), `image/${format}`);
      const served = Buffer.from(await response.arrayBuffer());
      assert.deepEqual(served, await media.read(key));
      assert.equal((await sharp(served).metadata()).format, format);
    }
  });

  it('retries a job whose input is not in the bucket, with the key in its error', async () => {
    const job = await producer.add(
      SWAP_JOB,
      {
        faceKey: 'uploads/portrait-05.jpg',
        targetKey: 'uploads/missing.jpg',
        resultKey: 'generations/s3-2.jpg',
        thumbnailKey: 'generations/s3-2.thumb.webp',
      },
      { attempts: 2 },
    );
    await assert.rejects(job.finished(), /media object "uploads\/missing.jpg" not found/);
    assert.equal(await media.stat('generations/s3-2.jpg'), null);
  });
});
