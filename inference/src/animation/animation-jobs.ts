import {
  analysisKeyOf,
  ANALYSE_ANIMATION_JOB,
  ANIMATION_QUEUE,
  type AnalyseAnimationJobResult,
  type AnimationAnalysisRecord,
  type FaceAnalysisRecord,
  type GenerationJobResult,
  type JobData,
  type QueueJob,
  RECAPTION_ANIMATION_JOB,
  SWAP_ANIMATION_JOB,
  VIDEO_STICKER_JOB,
  type VideoStickerJobResult,
} from '@mememint/contracts';
import type { MediaStore } from '@mememint/media';
import type Bull from 'bull';

import type { InferenceConfig } from '../config.js';
import { analyseAnimation } from './animation-analysis.js';
import { videoSticker } from '../sticker/video-sticker.js';
import { recaptionAnimation } from './animation-recaption.js';
import { runAnimationSwap } from './animation-swap.js';
import { storeRendered } from './rendered-animation.js';

export type AnimationQueueData = QueueJob<typeof ANIMATION_QUEUE>['data'];
type AnalyseAnimationJob = Bull.Job<JobData<typeof ANIMATION_QUEUE, typeof ANALYSE_ANIMATION_JOB>>;
type SwapAnimationJob = Bull.Job<JobData<typeof ANIMATION_QUEUE, typeof SWAP_ANIMATION_JOB>>;
type RecaptionAnimationJob = Bull.Job<JobData<typeof ANIMATION_QUEUE, typeof RECAPTION_ANIMATION_JOB>>;
type VideoStickerJob = Bull.Job<JobData<typeof ANIMATION_QUEUE, typeof VIDEO_STICKER_JOB>>;

/** Runs a job's work; an input error fails it for good (see the worker). */
export type ForGood = <T>(job: Bull.Job, work: () => Promise<T>) => Promise<T>;

async function readJson<T>(media: MediaStore, key: string): Promise<T | null> {
  try {
    return JSON.parse((await media.read(key)).toString('utf8')) as T;
  } catch {
    return null;
  }
}

/** Transcodes an uploaded clip, finds its face tracks, stores the clip, its poster and the tracks. */
async function processAnalyseAnimation(
  job: AnalyseAnimationJob,
  config: InferenceConfig,
  media: MediaStore,
  forGood: ForGood,
): Promise<AnalyseAnimationJobResult> {
  const data = job.data;
  const upload = await media.read(data.sourceKey);
  const analysed = await forGood(job, () => analyseAnimation(upload, config, data.screen));
  await Promise.all([
    media.write(data.videoKey, analysed.video),
    media.write(data.posterKey, analysed.poster),
    media.write(data.thumbnailKey, analysed.thumbnail),
    media.write(data.analysisKey, Buffer.from(JSON.stringify(analysed.record))),
  ]);
  const { record } = analysed;
  return {
    videoKey: data.videoKey,
    posterKey: data.posterKey,
    thumbnailKey: data.thumbnailKey,
    analysisKey: data.analysisKey,
    width: record.width,
    height: record.height,
    frameCount: record.frameCount,
    durationMs: record.durationMs,
    faces: analysed.faces,
    ...(analysed.nsfw ? { nsfw: analysed.nsfw } : {}),
    timings: {
      ...analysed.timings,
      detections: analysed.counts.detections,
      meshRuns: analysed.counts.meshRuns,
    },
  };
}

/** Swaps the player's face into an analysed clip; answers like a still's swap, with the MP4 beside. */
async function processSwapAnimation(
  job: SwapAnimationJob,
  config: InferenceConfig,
  media: MediaStore,
  forGood: ForGood,
): Promise<GenerationJobResult> {
  const data = job.data;
  const [face, video, record, faceAnalysis] = await Promise.all([
    media.read(data.faceKey),
    media.read(data.videoKey),
    readJson<AnimationAnalysisRecord>(media, data.analysisKey),
    readJson<FaceAnalysisRecord>(media, analysisKeyOf(data.faceKey)),
  ]);
  if (!record) throw new Error(`no analysis at ${data.analysisKey}`);
  const result = await forGood(job, () =>
    runAnimationSwap(
      {
        face,
        faceAnalysis,
        video,
        record,
        text: data.text,
        faces: data.faces,
        keepPlain: data.plainVideoKey !== undefined,
      },
      config,
      (progress) => job.progress(progress),
    ),
  );
  await job.progress({ stage: 'store', progress: 95 });
  const [stored] = await Promise.all([
    storeRendered(media, data, result),
    ...(data.plainVideoKey && result.plainVideo ? [media.write(data.plainVideoKey, result.plainVideo)] : []),
    ...(data.tracksResultKey
      ? [
          media.write(
            data.tracksResultKey,
            Buffer.from(
              JSON.stringify({ ...record, tracks: result.tracks } satisfies AnimationAnalysisRecord),
            ),
          ),
        ]
      : []),
  ]);
  await job.progress({ stage: 'done', progress: 100 });
  return {
    ...stored,
    ...(data.plainVideoKey && result.plainVideo ? { plainKey: data.plainVideoKey } : {}),
    faces: result.faces,
    faceIndexes: result.faceIndexes,
    ...(result.nsfw ? { nsfw: result.nsfw } : {}),
  };
}

/** A caption edit of an animated meme: the new caption on every frame of its caption-less clip. */
async function processRecaptionAnimation(
  job: RecaptionAnimationJob,
  media: MediaStore,
  forGood: ForGood,
): Promise<GenerationJobResult> {
  const data = job.data;
  const plain = await media.read(data.sourceKey);
  const result = await forGood(job, () =>
    recaptionAnimation(plain, data.text, (progress) => job.progress(progress)),
  );
  await job.progress({ stage: 'store', progress: 95 });
  const stored = await storeRendered(media, data, result);
  await job.progress({ stage: 'done', progress: 100 });
  return { ...stored, faces: [] };
}

/** An animated meme as a video sticker WEBM, screened on the way; the backend's stickers job waits for it. */
async function processVideoSticker(
  job: VideoStickerJob,
  config: InferenceConfig,
  media: MediaStore,
): Promise<VideoStickerJobResult> {
  const { videoKey, style, tracksKey, resultKey } = job.data;
  const [video, tracks] = await Promise.all([
    media.read(videoKey),
    tracksKey ? readJson<AnimationAnalysisRecord>(media, tracksKey) : null,
  ]);
  const sticker = await videoSticker(video, style, tracks, config);
  await media.write(resultKey, sticker.webm);
  return {
    resultKey,
    width: sticker.width,
    height: sticker.height,
    frameCount: sticker.frameCount,
    durationMs: sticker.durationMs,
    bytes: sticker.webm.length,
    kbps: sticker.kbps,
    ...(sticker.nsfw ? { nsfw: sticker.nsfw } : {}),
  };
}

/** The animation queue's processor: one for every job name (named ones would add up their concurrency). */
export function processAnimationJob(
  job: Bull.Job<AnimationQueueData>,
  config: InferenceConfig,
  media: MediaStore,
  forGood: ForGood,
): Promise<AnalyseAnimationJobResult | GenerationJobResult | VideoStickerJobResult> {
  if (job.name === ANALYSE_ANIMATION_JOB)
    return processAnalyseAnimation(job as AnalyseAnimationJob, config, media, forGood);
  if (job.name === SWAP_ANIMATION_JOB)
    return processSwapAnimation(job as SwapAnimationJob, config, media, forGood);
  if (job.name === RECAPTION_ANIMATION_JOB)
    return processRecaptionAnimation(job as RecaptionAnimationJob, media, forGood);
  if (job.name === VIDEO_STICKER_JOB) return processVideoSticker(job as VideoStickerJob, config, media);
  return Promise.reject(new Error(`unknown job "${job.name}"`));
}
