import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  CREATE_STICKER_PACK_JOB,
  type CreateStickerPackJobData,
  parseFailure,
  type QueueJob,
  STICKER_FAILURE_CODES,
  STICKERS_QUEUE,
  type StickerFailureCode,
  type StickerPackDto,
  UPDATE_STICKER_PACK_JOB,
  type UpdateStickerPackJobData,
} from '@mememint/contracts';

import { jobFinished } from '../redis/job-finished.js';

/** A sticker job that failed for good, with its typed code (null: anything else). */
export class StickerJobFailed extends Error {
  constructor(
    readonly code: StickerFailureCode | null,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The stickers queue as the backend uses it: the one holder of its Bull queue. */
@Injectable()
export class StickersQueue {
  constructor(
    @InjectQueue(STICKERS_QUEUE) private readonly queue: Queue<QueueJob<typeof STICKERS_QUEUE>['data']>,
  ) {}

  create(data: CreateStickerPackJobData): Promise<StickerPackDto> {
    return this.run(CREATE_STICKER_PACK_JOB, data);
  }

  update(data: UpdateStickerPackJobData): Promise<StickerPackDto> {
    return this.run(UPDATE_STICKER_PACK_JOB, data);
  }

  /**
   * Queues the job and waits for its outcome. One attempt: a job that failed part-way has already
   * cleaned up or recorded what it kept, and the player decides whether to try again.
   */
  private async run(
    name: string,
    data: CreateStickerPackJobData | UpdateStickerPackJobData,
  ): Promise<StickerPackDto> {
    const job = await this.queue.add(name, data, { attempts: 1 });
    try {
      return (await jobFinished(job)) as StickerPackDto;
    } catch (error) {
      const failure = parseFailure(
        error instanceof Error ? error.message : String(error),
        STICKER_FAILURE_CODES,
      );
      throw new StickerJobFailed(failure.code, failure.message);
    }
  }
}
