import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { IntervalTask } from '../common/interval-task.js';
import { AppConfig } from '../config/app.config.js';
import { TemplateAnimationsService } from './template-animations.service.js';
import { TemplatesRepository } from './templates.repository.js';

const SWEEP = 'template-analysis-sweeper';
const BATCH = 20;

/**
 * Animated templates left pending (issue 24): their analysis' report was lost while no backend listened,
 * or its job was lost with Redis' data. Safe on several replicas: an analysis is settled once.
 */
@Injectable()
export class TemplateAnalysisSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TemplateAnalysisSweeperService.name);
  private readonly sweeps: IntervalTask;

  constructor(
    private readonly templates: TemplatesRepository,
    private readonly animations: TemplateAnimationsService,
    scheduler: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {
    this.sweeps = new IntervalTask(
      scheduler,
      SWEEP,
      () => this.sweep(),
      (error) => this.logger.error({ err: error }, 'Sweeping template analyses failed'),
    );
  }

  onApplicationBootstrap(): void {
    this.sweeps.start(this.config.generation.sweepIntervalSeconds * 1000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** One pass over analyses pending for longer than a sweep interval. */
  async sweep(): Promise<void> {
    const quietSince = new Date(Date.now() - this.config.generation.sweepIntervalSeconds * 1000);
    for (const template of await this.templates.findPendingAnalyses(quietSince, BATCH))
      await this.animations.reconcile(template.id);
  }
}
