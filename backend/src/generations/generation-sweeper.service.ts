import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { PeriodicTaskService } from '../common/periodic-task.service.js';
import { AppConfig } from '../config/app.config.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';
import { GenerationQueue } from './generation-queue.js';
import { GenerationsRepository } from './generations.repository.js';

const BATCH = 100;

/**
 * Generations that stopped moving: a report lost while no backend listened is taken from the job
 * itself (completed or failed); one with no job at all (never queued) is failed and refunded at once,
 * and one still open past the deadline (its job stuck) too. Safe on several replicas: every outcome is applied once.
 */
@Injectable()
export class GenerationSweeperService extends PeriodicTaskService {
  constructor(
    private readonly generations: GenerationsRepository,
    private readonly queue: GenerationQueue,
    private readonly outcomes: GenerationOutcomesService,
    scheduler: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {
    super(scheduler, {
      name: 'generation-sweeper',
      everyMs: config.generation.sweepIntervalSeconds * 1000,
      failure: 'Sweeping generations failed',
    });
  }

  protected runPeriodically(): Promise<void> {
    return this.sweep();
  }

  /** One pass over open generations that have not changed for a sweep interval. */
  async sweep(): Promise<void> {
    const now = Date.now();
    const quietSince = new Date(now - this.config.generation.sweepIntervalSeconds * 1000);
    const deadline = now - this.config.generation.deadlineSeconds * 1000;
    for (const generation of await this.generations.findStale(quietSince, BATCH)) {
      const job = await this.queue.outcome(generation.id);
      if (job.state === 'completed') {
        await this.outcomes.complete(generation.id, job.result);
      } else if (job.state === 'failed') {
        await this.outcomes.fail(generation.id, job.failure);
      } else if (job.state === 'missing') {
        // Charged and committed, but its job never reached the queue (the API went away between the
        // two: SIGKILL, or Redis and PostgreSQL closed under a request at the end of a SIGTERM's
        // grace): nothing will ever run it, so it need not wait for the deadline.
        await this.outcomes.fail(generation.id, { code: null, message: 'its job was never queued' });
      } else if (generation.createdAt.getTime() < deadline) {
        if (job.state === 'pending') await this.queue.withdraw(generation.id);
        await this.outcomes.fail(generation.id, {
          code: 'GENERATION_TIMEOUT',
          message: 'not finished before the deadline',
        });
      }
    }
  }
}
