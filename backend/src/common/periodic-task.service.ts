import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

import { IntervalTask } from './interval-task.js';

export interface PeriodicTaskOptions {
  /** The interval's name in the scheduler (one per task in a process). */
  name: string;
  everyMs: number;
  /** Runs once at bootstrap, awaited, so the work is done before the first request. */
  runBeforeFirstRequest?: boolean;
  /** What the log says when a run fails (the run's error goes with it). */
  failure: string;
}

/**
 * A service with one task run every interval by each process: started at bootstrap, stopped at
 * shutdown after the run in flight (see IntervalTask for how runs overlap). A failed run is logged
 * and the next interval tries again.
 */
export abstract class PeriodicTaskService implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  protected readonly periodic: IntervalTask;

  protected constructor(
    scheduler: SchedulerRegistry,
    private readonly options: PeriodicTaskOptions,
  ) {
    this.periodic = new IntervalTask(
      scheduler,
      options.name,
      () => this.runPeriodically(),
      (error) => this.logger.error({ err: error }, options.failure),
    );
  }

  /** One run of the task. */
  protected abstract runPeriodically(): Promise<unknown>;

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.runBeforeFirstRequest) await this.periodic.startAfterFirstRun(this.options.everyMs);
    else this.periodic.start(this.options.everyMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.periodic.stop();
  }
}
