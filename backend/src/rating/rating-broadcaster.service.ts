import { createHash } from 'node:crypto';

import { Injectable, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { RatingUpdate } from '@mememint/contracts';

import { Clock } from '../common/clock.js';
import { PeriodicTaskService } from '../common/periodic-task.service.js';
import { AppConfig } from '../config/app.config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { bucketOf } from './rating-periods.js';
import { boardName, LIVE_BOARDS, type LiveBoard } from './live-boards.js';
import { RatingGateway } from './rating.gateway.js';
import { RatingRepository } from './rating.repository.js';
import { RatingIngestService } from './rating-ingest.service.js';
import { RatingReadsService } from './rating-reads.service.js';

/** How often a replica looks at its watched boards per interval: a change waits at most a tenth of it. */
const LOOKS_PER_INTERVAL = 10;

/**
 * Live boards (issue 10 "Live"): at most once per RATING_BROADCAST_INTERVAL_MS a board that changed
 * sends its top to its watchers, and a board that did not sends nothing. Every replica with watchers
 * of a board checks it ten times per interval; a board with something to look at (flagged dirty by a
 * change that touched its top, its period rolled over, or never looked at: then its top is only
 * remembered, watchers read it with GET) takes a Redis lease for one interval, so one replica computes
 * it per interval whatever the number of watchers and replicas, and the room fans the update out.
 */
@Injectable()
export class RatingBroadcasterService extends PeriodicTaskService {
  private unsubscribeChanges?: () => void;

  constructor(
    private readonly ingest: RatingIngestService,
    private readonly reads: RatingReadsService,
    private readonly boards: RatingRepository,
    private readonly gateway: RatingGateway,
    scheduler: SchedulerRegistry,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    super(scheduler, {
      name: 'rating-broadcaster',
      everyMs: Math.max(10, Math.floor(config.rating.broadcastIntervalMs / LOOKS_PER_INTERVAL)),
      failure: 'Broadcasting the live boards failed',
    });
  }

  protected runPeriodically(): Promise<void> {
    return this.tick();
  }

  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    // A change written by this replica is looked at at once, not at the next tick (the lease still
    // holds the board to one update per interval); a change arriving during a look gets another look
    // after it; changes from other replicas wait for the tick.
    this.unsubscribeChanges = this.ingest.onBoardsChanged(() => this.periodic.run(true));
  }

  override async onApplicationShutdown(): Promise<void> {
    this.unsubscribeChanges?.();
    await super.onApplicationShutdown();
  }

  /** One look at every board watched on this replica. */
  async tick(): Promise<void> {
    for (const board of LIVE_BOARDS) if (this.gateway.hasLocalWatchers(board)) await this.publish(board);
  }

  private async publish(board: LiveBoard): Promise<void> {
    const name = boardName(board);
    const bucket = bucketOf(board.period, this.clock.now());
    const claim = await this.boards.claimBoard(name, bucket, this.config.rating.broadcastIntervalMs);
    if (!claim) return;

    this.metrics?.countRatingBoardComputation();
    const items = await this.reads.top(board.tab, board.period);
    const fingerprint = `${bucket}|${createHash('sha1').update(JSON.stringify(items)).digest('base64')}`;
    if (fingerprint === claim.sent) return;
    await this.boards.markSent(name, fingerprint);
    // The first look only remembers the top (watchers read it with GET); later changes are sent.
    if (claim.sent === '' && !claim.dirty) return;
    const started = performance.now();
    this.gateway.broadcast({ ...board, items } as RatingUpdate);
    this.metrics?.observeRatingBroadcast((performance.now() - started) / 1000);
  }
}
