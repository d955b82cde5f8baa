import { randomBytes } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  ANIMATION_QUEUE,
  CAPTION_JOB,
  CAPTION_QUEUE,
  type CaptionJobData,
  type CaptionJobResult,
  FACE_STICKER_JOB,
  type FaceStickerJobData,
  type GenerationJobProgress,
  type GenerationJobResult,
  isGenerationJobProgress,
  isGenerationJobResult,
  type QueueJob,
  RECAPTION_ANIMATION_JOB,
  RECAPTION_ANIMATION_JOB_ID_PREFIX,
  type RecaptionAnimationJobData,
} from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { onGlobal } from '../redis/bull-global-events.js';
import { jobFinished, JobWaitTimeoutError } from '../redis/job-finished.js';

/** How long a caption edit waits for its picture (a caption job takes a fraction of a second). */
export const CAPTION_TIMEOUT_MS = 20_000;

/** The caption could not be drawn now (Redis or the worker away, or too slow): nothing changed. */
export class CaptionUnavailableError extends Error {
  constructor(reason: string) {
    super(`the caption could not be drawn: ${reason}`);
    this.name = 'CaptionUnavailableError';
  }
}

type AnyQueue = Queue<QueueJob<typeof CAPTION_QUEUE>['data'] | QueueJob<typeof ANIMATION_QUEUE>['data']>;

/**
 * The caption queue as the backend uses it: a job per caption edit, awaited by the edit request. One
 * attempt (the player may simply try again), kept briefly so a fast job's outcome is still readable.
 * An animated meme's edit is the same, on the animation queue (its frames take seconds, and wait
 * behind clips being rendered: ANIMATION_CAPTION_TIMEOUT_MS), its progress handed on as it comes.
 */
@Injectable()
export class CaptionQueue {
  constructor(
    @InjectQueue(CAPTION_QUEUE) private readonly queue: Queue<QueueJob<typeof CAPTION_QUEUE>['data']>,
    @InjectQueue(ANIMATION_QUEUE)
    private readonly animations: Queue<QueueJob<typeof ANIMATION_QUEUE>['data']>,
    private readonly config: AppConfig,
  ) {}

  async draw(data: CaptionJobData): Promise<CaptionJobResult> {
    return usable(await this.run(this.queue, CAPTION_JOB, data, CAPTION_TIMEOUT_MS));
  }

  /** An animated meme's video with a new caption (`videoKey` set), its progress told to `onProgress`. */
  async drawAnimation(
    data: RecaptionAnimationJobData,
    onProgress: (report: GenerationJobProgress) => void,
  ): Promise<GenerationJobResult & { videoKey: string }> {
    const result = usable(
      await this.run(
        this.animations,
        RECAPTION_ANIMATION_JOB,
        data,
        this.config.generation.animationCaptionTimeoutMs,
        {
          jobId: `${RECAPTION_ANIMATION_JOB_ID_PREFIX}${randomBytes(8).toString('hex')}`,
          onProgress,
        },
      ),
    );
    if (result.videoKey === undefined) throw new CaptionUnavailableError('the worker returned no video');
    return { ...result, videoKey: result.videoKey };
  }

  /** A face sticker PNG cut out by the worker (the stickers job waits for each), at `data.resultKey`. */
  async faceSticker(data: FaceStickerJobData): Promise<void> {
    await this.run(this.queue, FACE_STICKER_JOB, data, CAPTION_TIMEOUT_MS);
  }

  private async run(
    queue: AnyQueue,
    name: string,
    data: CaptionJobData | FaceStickerJobData | RecaptionAnimationJobData,
    timeoutMs: number,
    options: { jobId?: string; onProgress?: (report: GenerationJobProgress) => void } = {},
  ): Promise<unknown> {
    if (queue.client.status !== 'ready') throw new CaptionUnavailableError('the queue is away');
    const { jobId, onProgress } = options;
    const heard = (id: string, report: unknown) => {
      if (String(id) === jobId && isGenerationJobProgress(report)) onProgress?.(report);
    };
    if (jobId && onProgress) await onGlobal(queue, 'progress', heard).catch(() => undefined);
    const job = await queue.add(name, data, {
      ...(jobId ? { jobId } : {}),
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    try {
      return await jobFinished(job, timeoutMs);
    } catch (error) {
      // A job still waiting is taken back: it would draw a picture nobody uses.
      await job.remove().catch(() => undefined);
      if (error instanceof JobWaitTimeoutError)
        throw new CaptionUnavailableError('no worker answered in time');
      throw new CaptionUnavailableError(String(error));
    } finally {
      if (jobId && onProgress) queue.off('global:progress', heard);
    }
  }
}

/** The same shape as a swap's result: valid media keys and whole dimensions. */
function usable(result: unknown): GenerationJobResult {
  if (!isGenerationJobResult(result))
    throw new CaptionUnavailableError('the worker returned no usable result');
  return result;
}
