import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

import {
  CAPTION_JOB,
  CAPTION_QUEUE,
  type CaptionJobResult,
  formatFailure,
  GENERATION_QUEUE,
  SWAP_JOB,
  type GenerationJobProgress,
  type GenerationJobResult,
  type JobData,
} from '@mememint/contracts';
import Bull from 'bull';

import { loadInferenceConfig, type InferenceConfig } from './config.js';
import { InputError } from './errors.js';
import { WorkerMetrics } from './metrics.js';
import { readMedia, writeMedia } from './media/media-directory.js';
import { ensureModels } from './models/model-paths.js';
import { runCaption, runSwap, STAGE_PROGRESS } from './pipeline.js';

export interface WorkerOptions {
  /** Bull key prefix (tests use a unique one); the configured BULL_PREFIX otherwise. */
  prefix?: string;
}

export interface GenerationWorker {
  /** The health endpoint's port (useful when configured as 0). */
  port: number;
  /** Stops taking jobs, waits for the running ones, closes Redis and the health endpoint. */
  close(): Promise<void>;
}

type SwapJob = Bull.Job<JobData<typeof GENERATION_QUEUE, typeof SWAP_JOB>>;

async function processSwap(job: SwapJob, config: InferenceConfig): Promise<GenerationJobResult> {
  const payload = job.data;
  const report = (progress: GenerationJobProgress) => job.progress(progress);
  const [face, target] = await Promise.all([
    readMedia(config.mediaDir, payload.faceKey),
    readMedia(config.mediaDir, payload.targetKey),
  ]);
  let result;
  try {
    result = await runSwap(
      { face, target, text: payload.text, faces: payload.faces, keepPlain: payload.plainKey !== undefined },
      config,
      report,
    );
  } catch (error) {
    if (error instanceof InputError) {
      // The input is at fault: retrying cannot help.
      await job.discard();
      throw new Error(formatFailure(error.code, error.message), { cause: error });
    }
    throw error;
  }
  await report({ stage: 'store', progress: STAGE_PROGRESS.store ?? 95 });
  const started = performance.now();
  await Promise.all([
    writeMedia(config.mediaDir, payload.resultKey, result.image),
    writeMedia(config.mediaDir, payload.thumbnailKey, result.thumbnail),
    ...(payload.plainKey && result.plain
      ? [writeMedia(config.mediaDir, payload.plainKey, result.plain)]
      : []),
  ]);
  const timings = { ...result.timings, store: Math.round((performance.now() - started) * 10) / 10 };
  await report({ stage: 'done', progress: 100 });
  return {
    resultKey: payload.resultKey,
    thumbnailKey: payload.thumbnailKey,
    ...(payload.plainKey ? { plainKey: payload.plainKey } : {}),
    width: result.width,
    height: result.height,
    faces: result.faces,
    timings,
  };
}

type CaptionJob = Bull.Job<JobData<typeof CAPTION_QUEUE, typeof CAPTION_JOB>>;

/** Draws a meme's new caption on its caption-less picture; the edit request waits for it. */
async function processCaption(job: CaptionJob, config: InferenceConfig): Promise<CaptionJobResult> {
  const payload = job.data;
  const result = await runCaption(await readMedia(config.mediaDir, payload.sourceKey), payload.text, config);
  await Promise.all([
    writeMedia(config.mediaDir, payload.resultKey, result.image),
    writeMedia(config.mediaDir, payload.thumbnailKey, result.thumbnail),
  ]);
  return {
    resultKey: payload.resultKey,
    thumbnailKey: payload.thumbnailKey,
    width: result.width,
    height: result.height,
  };
}

function startHealthServer(port: number, metrics: WorkerMetrics): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/ping') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else if (request.method === 'GET' && request.url === '/metrics') {
      metrics.serve(response).catch(() => response.writeHead(500).end());
    } else {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found"}');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

/**
 * Consumes swap jobs from the generation queue, and caption jobs (a meme's caption drawn again). A job that fails on its input (NO_FACE, UNSUPPORTED_IMAGE,
 * IMAGE_TOO_LARGE) is discarded, so not retried, with its code as contracts' formatFailure writes it; any other
 * error, or a crash (Bull's stalled-job recovery), is retried up to the attempts the backend set.
 */
export async function startGenerationWorker(
  config: InferenceConfig,
  options: WorkerOptions = {},
): Promise<GenerationWorker> {
  await ensureModels();
  const queue = new Bull<SwapJob['data']>(GENERATION_QUEUE, config.redisUrl, {
    prefix: options.prefix ?? config.bullPrefix,
    settings: { lockDuration: config.lockDurationMs, stalledInterval: config.stalledIntervalMs },
  });
  await queue.isReady();
  const metrics = new WorkerMetrics(queue);
  void queue.process(SWAP_JOB, config.concurrency, (job) => processSwap(job, config));
  // Caption edits have their own queue: a player waiting on one never waits behind swaps.
  const captions = new Bull<CaptionJob['data']>(CAPTION_QUEUE, config.redisUrl, {
    prefix: options.prefix ?? config.bullPrefix,
  });
  await captions.isReady();
  void captions.process(CAPTION_JOB, config.concurrency, (job) => processCaption(job, config));
  const server = await startHealthServer(config.healthPort, metrics);
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await Promise.all([queue.close(), captions.close()]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function main(): Promise<void> {
  const config = loadInferenceConfig();
  const worker = await startGenerationWorker(config);
  console.log(
    `inference worker: queue "${GENERATION_QUEUE}", concurrency ${config.concurrency}, device ${config.device}, health on :${worker.port}/ping, metrics on :${worker.port}/metrics`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the running jobs, then exiting`);
    worker.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
