import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { GENERATION_QUEUE, SWAP_JOB, type SwapJobData } from '@mememint/contracts';
import Bull from 'bull';

import { PHOTOS } from '../test/labelled-photos.js';
import { loadInferenceConfig } from './config.js';
import { startGenerationWorker, type GenerationWorker } from './worker.js';

/** The value of one series in Prometheus' text format (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const JOBS_INPUT_ERROR = 'mememint_generation_jobs_total{outcome="input_error"}';

describe('worker metrics', { concurrency: 1 }, () => {
  const prefix = `inference-metrics-test-${randomUUID()}`;
  let mediaDir: string;
  let worker: GenerationWorker;
  let producer: Bull.Queue<SwapJobData>;
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${worker.port}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    return response.text();
  };

  before(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'inference-metrics-'));
    await mkdir(path.join(mediaDir, 'uploads'));
    for (const name of ['portrait-07.jpg', 'tilted-02.jpg', 'noface-02.jpg']) {
      await copyFile(path.join(fileURLToPath(PHOTOS), name), path.join(mediaDir, 'uploads', name));
    }
    const config = loadInferenceConfig({ ...process.env, MEDIA_DIR: mediaDir, INFERENCE_HEALTH_PORT: '0' });
    worker = await startGenerationWorker(config, { prefix });
    producer = new Bull<SwapJobData>(GENERATION_QUEUE, config.redisUrl, { prefix });
    await producer.isReady();
  });

  after(async () => {
    await worker?.close();
    await producer?.obliterate({ force: true });
    await producer?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const payload = (face: string, id: string): SwapJobData => ({
    faceKey: `uploads/${face}`,
    targetKey: 'uploads/tilted-02.jpg',
    resultKey: `results/${id}.jpg`,
    thumbnailKey: `results/${id}.webp`,
  });

  it('times each stage of a finished job and counts jobs by outcome', async () => {
    const before = await scrape();
    assert.equal(sample(before, 'mememint_generation_stage_duration_seconds_count{stage="swap"}'), undefined);

    await (await producer.add(SWAP_JOB, payload('portrait-07.jpg', 'm-1'))).finished();
    const noFace = await producer.add(SWAP_JOB, payload('noface-02.jpg', 'm-2'), { attempts: 3 });
    await assert.rejects(noFace.finished(), /NO_FACE/);

    // finished() hears of each job through Redis' pub/sub, which can arrive before the worker's own
    // 'completed'/'failed' handlers (that count it) have run: wait until both outcomes are counted.
    let text = await scrape();
    for (let attempt = 0; attempt < 100 && sample(text, JOBS_INPUT_ERROR) === undefined; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await scrape();
    }
    for (const stage of ['decode', 'detect', 'landmarks', 'swap', 'encode', 'store', 'total']) {
      assert.equal(
        sample(text, `mememint_generation_stage_duration_seconds_count{stage="${stage}"}`),
        1,
        stage,
      );
    }
    assert.ok(sample(text, 'mememint_generation_stage_duration_seconds_sum{stage="total"}')! > 0);
    assert.equal(sample(text, 'mememint_generation_jobs_total{outcome="completed"}'), 1);
    assert.equal(sample(text, JOBS_INPUT_ERROR), 1);
    assert.ok(text.includes('# TYPE process_resident_memory_bytes gauge'));
  });

  it('reads the queue depth from Redis when scraped', async () => {
    await producer.add(SWAP_JOB, payload('portrait-07.jpg', 'm-3'), { delay: 60_000 });
    const text = await scrape();
    assert.equal(sample(text, 'mememint_generation_queue_jobs{state="delayed"}'), 1);
    assert.equal(sample(text, 'mememint_generation_queue_jobs{state="completed"}'), 1);
    assert.equal(sample(text, 'mememint_generation_queue_jobs{state="failed"}'), 1);
    assert.equal(sample(text, 'mememint_generation_queue_jobs{state="waiting"}'), 0);
  });
});
