import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { PeriodicTaskService } from '../common/periodic-task.service.js';
import { AppConfig } from '../config/app.config.js';
import { RatingRebuildService } from './rating-rebuild.service.js';
import { RatingRepository } from './rating.repository.js';

/** How long one rebuild may hold the lock before another process may take over (it died). */
const LOCK_MS = 10 * 60_000;

/**
 * Redis may lose the boards (a restart without persistence, a flush, a new server): every rebuild
 * writes a marker beside them, and each API process looks for it at start and every
 * RATING_LOSS_CHECK_MS. When it is gone, the process that takes the rebuild lock rebuilds the
 * boards from PostgreSQL as `rating:rebuild` does; the others find the lock taken, then the marker.
 */
@Injectable()
export class RatingRecoveryService extends PeriodicTaskService {
  /** Rebuilds this process made (the tests read it). */
  rebuilds = 0;

  constructor(
    private readonly boards: RatingRepository,
    private readonly rebuilder: RatingRebuildService,
    scheduler: SchedulerRegistry,
    config: AppConfig,
  ) {
    // The boards are there before the first request (a first start builds them, empty or not).
    super(scheduler, {
      name: 'rating-recovery',
      everyMs: config.rating.lossCheckIntervalMs,
      runBeforeFirstRequest: true,
      failure: 'Checking the leaderboards in Redis failed',
    });
  }

  protected runPeriodically(): Promise<boolean> {
    return this.check();
  }

  /** Rebuilds the boards if their marker is gone and no other process is at it; true if it did. */
  async check(): Promise<boolean> {
    if (await this.boards.isBuilt()) return false;
    const token = randomUUID();
    if (!(await this.boards.lockRebuild(token, LOCK_MS))) return false;
    try {
      // Another process may have rebuilt them between the look and the lock.
      if (await this.boards.isBuilt()) return false;
      this.logger.warn('The leaderboards are not in Redis (a first start, or Redis lost them): rebuilding');
      const summary = await this.rebuilder.rebuild();
      this.rebuilds += 1;
      this.logger.log({ summary }, 'Rebuilt the leaderboards from PostgreSQL');
      return true;
    } finally {
      await this.boards.unlockRebuild(token);
    }
  }
}
