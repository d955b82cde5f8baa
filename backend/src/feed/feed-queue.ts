import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import { FEED_QUEUE, type QueueJob, SETTLE_DAYS_JOB } from '@mememint/contracts';

import { jobFinished } from '../redis/job-finished.js';

/** Midnight UTC: the day that just ended gets settled. */
export const DAILY_SETTLEMENT = { cron: '0 0 * * *', tz: 'UTC' } as const;

/** The feed queue as the backend uses it: the one holder of its Bull queue. */
@Injectable()
export class FeedQueue {
  constructor(@InjectQueue(FEED_QUEUE) private readonly queue: Queue<QueueJob<typeof FEED_QUEUE>['data']>) {}

  /**
   * Repeats the settlement job every midnight UTC. Bull keys a repeatable job by its name, id and
   * schedule, so every replica adding it at boot leaves one schedule.
   */
  async scheduleDailySettlement(): Promise<void> {
    await this.queue.add(SETTLE_DAYS_JOB, {}, { repeat: DAILY_SETTLEMENT, jobId: SETTLE_DAYS_JOB });
  }

  /** The schedules registered (for operators and tests). */
  async schedules(): Promise<{ name: string; cron: string; tz: string | null }[]> {
    return (await this.queue.getRepeatableJobs()).map((job) => ({
      name: job.name,
      cron: job.cron,
      tz: job.tz ?? null,
    }));
  }

  /** Runs the settlement job now, as midnight would; answers the days it settled. */
  async runSettlementNow(): Promise<string[]> {
    const job = await this.queue.add(SETTLE_DAYS_JOB, {});
    return (await jobFinished(job)) as string[];
  }
}
