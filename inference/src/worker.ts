import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

import {
  analysisKeyOf,
  ANALYSE_JOB,
  ANIMATION_QUEUE,
  CAPTION_JOB,
  CAPTION_QUEUE,
  type CaptionJobResult,
  FACE_STICKER_JOB,
  formatFailure,
  GENERATION_QUEUE,
  SWAP_JOB,
  type AnalyseJobResult,
  type FaceAnalysisRecord,
  type GenerationJobProgress,
  type GenerationJobResult,
  type JobData,
  type QueueJob,
} from '@mememint/contracts';
import { createMediaStore, type MediaStore } from '@mememint/media';
import Bull from 'bull';

import { loadInferenceConfig, type InferenceConfig } from './config.js';
import { analyseImage } from './analysis/face-analysis.js';
import { checkFace, checkTemplate } from './analysis/face-check.js';
import { type AnimationQueueData, processAnimationJob } from './animation/animation-jobs.js';
import { InputError } from './errors.js';
import { WorkerMetrics } from './metrics.js';
import { ensureModels } from './models/model-paths.js';
import { classifyEncoded, screenUpload } from './nsfw/nsfw-screen.js';
import { runCaption, runSwap, STAGE_PROGRESS } from './pipeline.js';
import { faceSticker } from './sticker/face-sticker.js';

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
type AnalyseJob = Bull.Job<JobData<typeof GENERATION_QUEUE, typeof ANALYSE_JOB>>;
type GenerationQueueData = QueueJob<typeof GENERATION_QUEUE>['data'];

async function processSwap(
  job: SwapJob,
  config: InferenceConfig,
  media: MediaStore,
): Promise<GenerationJobResult> {
  const payload = job.data;
  const report = (progress: GenerationJobProgress) => job.progress(progress);
  const [face, target] = await Promise.all([media.read(payload.faceKey), media.read(payload.targetKey)]);
  const analyses = await readStoredAnalyses(media, payload);
  const result = await failingForGoodOnInput(job, () =>
    runSwap(
      {
        face,
        target,
        text: payload.text,
        faces: payload.faces,
        analyses,
        keepPlain: payload.plainKey !== undefined,
        keepMask: payload.maskKey !== undefined,
      },
      config,
      report,
    ),
  );
  const screenStarted = performance.now();
  // The result is classified as published (caption included); the backend holds one above its thresholds.
  // Its pixels are the target's (already within the limits); its bytes may not be.
  const nsfw = await classifyEncoded(result.image, 'template', {
    ...config,
    maxImageBytes: Number.MAX_SAFE_INTEGER,
  });
  const screen = Math.round((performance.now() - screenStarted) * 10) / 10;
  await report({ stage: 'store', progress: STAGE_PROGRESS.store ?? 95 });
  const started = performance.now();
  await Promise.all([
    media.write(payload.resultKey, result.image),
    media.write(payload.thumbnailKey, result.thumbnail),
    ...(payload.plainKey && result.plain ? [media.write(payload.plainKey, result.plain)] : []),
    ...(payload.maskKey && result.mask ? [media.write(payload.maskKey, result.mask)] : []),
  ]);
  const timings = { ...result.timings, screen, store: Math.round((performance.now() - started) * 10) / 10 };
  await report({ stage: 'done', progress: 100 });
  return {
    resultKey: payload.resultKey,
    thumbnailKey: payload.thumbnailKey,
    ...(payload.plainKey ? { plainKey: payload.plainKey } : {}),
    ...(payload.maskKey ? { maskKey: payload.maskKey } : {}),
    width: result.width,
    height: result.height,
    faces: result.faces,
    faceIndexes: result.faceIndexes,
    cached: result.cached,
    nsfw,
    timings,
  };
}

/** Runs a job's work; an input error discards the job (retrying cannot help) and fails it with its code. */
async function failingForGoodOnInput<T>(job: Bull.Job, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputError) {
      await job.discard();
      // The input is at fault: retrying cannot help.
      throw new Error(formatFailure(error.code, error.message), { cause: error });
    }
    throw error;
  }
}

/** A stored analysis, or null when there is none or it cannot be read (the swap then analyses itself). */
async function readStoredAnalysis(media: MediaStore, imageKey: string): Promise<FaceAnalysisRecord | null> {
  try {
    return JSON.parse((await media.read(analysisKeyOf(imageKey))).toString('utf8'));
  } catch {
    return null;
  }
}

function readStoredAnalyses(media: MediaStore, payload: SwapJob['data']) {
  return Promise.all([
    readStoredAnalysis(media, payload.faceKey),
    readStoredAnalysis(media, payload.targetKey),
  ]).then(([face, target]) => ({ face, target }));
}

/**
 * Analyses one stored image (detection, landmarks, descriptor and quality of every face) and stores the
 * record beside it; answers its faces and, for a face photo, the face check.
 */
async function processAnalyse(
  job: AnalyseJob,
  config: InferenceConfig,
  media: MediaStore,
): Promise<AnalyseJobResult> {
  const { imageKey, kind, screen } = job.data;
  const bytes = await media.read(imageKey);
  const screenStarted = performance.now();
  const nsfw = screen && (await failingForGoodOnInput(job, () => screenUpload(bytes, kind, screen, config)));
  const screenMs = Math.round((performance.now() - screenStarted) * 10) / 10;
  const { record, timings } = await failingForGoodOnInput(job, () => analyseImage(bytes, kind, config));
  if (nsfw) timings.screen = screenMs;
  const analysisKey = analysisKeyOf(imageKey);
  const started = performance.now();
  await media.write(analysisKey, Buffer.from(JSON.stringify(record)));
  timings.store = Math.round((performance.now() - started) * 10) / 10;
  const faces = record.faces.map(({ box, quality }) => ({ box, quality }));
  const check = kind === 'face' ? checkFace(faces, config.faceCheck) : checkTemplate(faces);
  return {
    analysisKey,
    width: record.width,
    height: record.height,
    faces,
    check,
    ...(nsfw ? { nsfw } : {}),
    timings,
  };
}

function processJob(
  job: Bull.Job<GenerationQueueData>,
  config: InferenceConfig,
  media: MediaStore,
): Promise<GenerationJobResult | AnalyseJobResult> {
  // Bull keeps the name and the data apart: the name says which member of the queue's union it is.
  if (job.name === SWAP_JOB) return processSwap(job as SwapJob, config, media);
  if (job.name === ANALYSE_JOB) return processAnalyse(job as AnalyseJob, config, media);
  return Promise.reject(new Error(`unknown job "${job.name}"`));
}

type CaptionJob = Bull.Job<JobData<typeof CAPTION_QUEUE, typeof CAPTION_JOB>>;
type FaceStickerJob = Bull.Job<JobData<typeof CAPTION_QUEUE, typeof FACE_STICKER_JOB>>;

/** Cuts a meme's face out along its mask as a sticker PNG; the backend's stickers job waits for it. */
async function processFaceSticker(job: FaceStickerJob, media: MediaStore): Promise<{ resultKey: string }> {
  const { pictureKey, maskKey, text, resultKey } = job.data;
  const [picture, mask] = await Promise.all([media.read(pictureKey), media.read(maskKey)]);
  await media.write(resultKey, await faceSticker(picture, mask, text));
  return { resultKey };
}

/** Draws a meme's new caption on its caption-less picture; the edit request waits for it. */
async function processCaption(
  job: CaptionJob,
  config: InferenceConfig,
  media: MediaStore,
): Promise<CaptionJobResult> {
  const payload = job.data;
  const result = await runCaption(await media.read(payload.sourceKey), payload.text, config);
  await Promise.all([
    media.write(payload.resultKey, result.image),
    media.write(payload.thumbnailKey, result.thumbnail),
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
 * Consumes swap and analyse jobs from the generation queue, and caption jobs (a meme's caption drawn
 * again) from their own. A job that fails on its input (one of
 * GENERATION_FAILURE_CODES) is discarded, so not retried, with its code as contracts' formatFailure writes it; any other
 * error, or a crash (Bull's stalled-job recovery), is retried up to the attempts the backend set.
 */
export async function startGenerationWorker(
  config: InferenceConfig,
  options: WorkerOptions = {},
): Promise<GenerationWorker> {
  await ensureModels();
  const media = createMediaStore(config.media);
  const queue = new Bull<GenerationQueueData>(GENERATION_QUEUE, config.redisUrl, {
    prefix: options.prefix ?? config.bullPrefix,
    settings: { lockDuration: config.lockDurationMs, stalledInterval: config.stalledIntervalMs },
  });
  await queue.isReady();
  const metrics = new WorkerMetrics(queue);
  // One processor for every job name: named processors would each add their own concurrency.
  void queue.process('*', config.concurrency, (job) => processJob(job, config, media));
  // Caption edits have their own queue: a player waiting on one never waits behind swaps.
  const captions = new Bull<QueueJob<typeof CAPTION_QUEUE>['data']>(CAPTION_QUEUE, config.redisUrl, {
    prefix: options.prefix ?? config.bullPrefix,
  });
  await captions.isReady();
  void captions.process(CAPTION_JOB, config.concurrency, (job) =>
    processCaption(job as CaptionJob, config, media),
  );
  // Face stickers are as quick as captions and as awaited (the stickers job waits for each).
  void captions.process(FACE_STICKER_JOB, config.concurrency, (job) =>
    processFaceSticker(job as FaceStickerJob, media),
  );
  // Animated jobs have their own list and concurrency: a still starts at once while a clip renders.
  const animations = new Bull<AnimationQueueData>(ANIMATION_QUEUE, config.redisUrl, {
    prefix: options.prefix ?? config.bullPrefix,
    settings: { lockDuration: config.lockDurationMs, stalledInterval: config.stalledIntervalMs },
  });
  await animations.isReady();
  void animations.process('*', config.animationConcurrency, (job) =>
    processAnimationJob(job, config, media, failingForGoodOnInput),
  );
  const server = await startHealthServer(config.healthPort, metrics);
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await Promise.all([queue.close(), captions.close(), animations.close()]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      media.close();
    },
  };
}

async function main(): Promise<void> {
  const config = loadInferenceConfig();
  const worker = await startGenerationWorker(config);
  console.log(
    `inference worker: queue "${GENERATION_QUEUE}", concurrency ${config.concurrency}, queue "${ANIMATION_QUEUE}", concurrency ${config.animationConcurrency}, media ${config.media.kind}, device ${config.device}, health on :${worker.port}/ping, metrics on :${worker.port}/metrics`,
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
