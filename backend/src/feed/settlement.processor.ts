import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { FEED_QUEUE, SETTLE_DAYS_JOB } from '@mememint/contracts';

import { FeedQueue } from './feed-queue.js';
import { SettlementService } from './settlement.service.js';

/** Runs the feed queue's jobs in the backend: the daily settlement (scheduled at boot). */
@Processor(FEED_QUEUE)
export class SettlementProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(SettlementProcessor.name);

  constructor(
    private readonly queue: FeedQueue,
    private readonly settlements: SettlementService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.scheduleDailySettlement();
  }

  /** Answers the days it settled (kept on the job for operators). */
  @Process(SETTLE_DAYS_JOB)
  async settleDays(): Promise<string[]> {
    const outcomes = await this.settlements.settleEndedDays();
    const settled = outcomes.filter((outcome) => outcome.settled).map((outcome) => outcome.day);
    if (settled.length) this.logger.log({ days: settled }, 'Daily settlement done');
    return settled;
  }
}
