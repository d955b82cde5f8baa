import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  CAPTION_JOB,
  CAPTION_QUEUE,
  type CaptionJobData,
  type CaptionJobResult,
  FACE_STICKER_JOB,
  type FaceStickerJobData,
  isGenerationJobResult,
  type QueueJob,
} from '@mememint/contracts';

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

/**
 * The caption queue as the backend uses it: a job per caption edit, awaited by the edit request. One
 * attempt (the player may simply try again), kept briefly so a fast job's outcome is still readable.
 */
@Injectable()
export class CaptionQueue {
  constructor(
    @InjectQueue(CAPTION_QUEUE) private readonly queue: Queue<QueueJob<typeof CAPTION_QUEUE>['data']>,
  ) {}

  async draw(data: CaptionJobData): Promise<CaptionJobResult> {
    const result = await this.run(CAPTION_JOB, data);
    // The same shape as a swap's result: valid media keys and whole dimensions.
    if (!isGenerationJobResult(result))
      throw new CaptionUnavailableError('the worker returned no usable result');
    return result;
  }

  /** A face sticker PNG cut out by the worker (the stickers job waits for each), at `data.resultKey`. */
  async faceSticker(data: FaceStickerJobData): Promise<void> {
    await this.run(FACE_STICKER_JOB, data);
  }

  private async run(name: string, data: CaptionJobData | FaceStickerJobData): Promise<unknown> {
    if (this.queue.client.status !== 'ready') throw new CaptionUnavailableError('the queue is away');
    const job = await this.queue.add(name, data, {
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    try {
      return await jobFinished(job, CAPTION_TIMEOUT_MS);
    } catch (error) {
      // A job still waiting is taken back: it would draw a picture nobody uses.
      await job.remove().catch(() => undefined);
      if (error instanceof JobWaitTimeoutError)
        throw new CaptionUnavailableError('no worker answered in time');
      throw new CaptionUnavailableError(String(error));
    }
  }
}
