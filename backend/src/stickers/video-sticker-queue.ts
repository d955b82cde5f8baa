import { randomBytes } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  ANIMATION_QUEUE,
  formatFailure,
  type QueueJob,
  VIDEO_STICKER_JOB,
  VIDEO_STICKER_JOB_ID_PREFIX,
  type VideoStickerJobData,
  type VideoStickerJobResult,
} from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { jobFinished } from '../redis/job-finished.js';

/**
 * The animation queue's video sticker jobs as the stickers job uses them: one per animated meme of a
 * pack, awaited (VIDEO_STICKER_TIMEOUT_MS, queue included: they wait behind clips being rendered).
 */
@Injectable()
export class VideoStickerQueue {
  constructor(
    @InjectQueue(ANIMATION_QUEUE) private readonly queue: Queue<QueueJob<typeof ANIMATION_QUEUE>['data']>,
    private readonly config: AppConfig,
  ) {}

  /** The WEBM at `data.resultKey`; a failure is the stickers job's WORKER_UNAVAILABLE (503). */
  async render(data: VideoStickerJobData): Promise<VideoStickerJobResult> {
    const unavailable = (cause: unknown) =>
      new Error(formatFailure('WORKER_UNAVAILABLE', 'Video stickers cannot be made now, try again later'), {
        cause,
      });
    if (this.queue.client.status !== 'ready') throw unavailable('the queue is away');
    const job = await this.queue.add(VIDEO_STICKER_JOB, data, {
      jobId: `${VIDEO_STICKER_JOB_ID_PREFIX}${randomBytes(8).toString('hex')}`,
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    try {
      return (await jobFinished(job, this.config.stickers.videoTimeoutMs)) as VideoStickerJobResult;
    } catch (error) {
      // A job still waiting is taken back: it would make a sticker nobody uses.
      await job.remove().catch(() => undefined);
      throw unavailable(error);
    }
  }
}
