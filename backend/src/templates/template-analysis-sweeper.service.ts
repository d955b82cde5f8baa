import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { PeriodicTaskService } from '../common/periodic-task.service.js';
import { AppConfig } from '../config/app.config.js';
import { TemplateAnimationsService } from './template-animations.service.js';
import { TemplatesRepository } from './templates.repository.js';

const BATCH = 20;

/**
 * Animated templates left pending (issue 24): their analysis' report was lost while no backend listened,
 * or its job was lost with Redis' data. Safe on several replicas: an analysis is settled once.
 */
@Injectable()
export class TemplateAnalysisSweeperService extends PeriodicTaskService {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly animations: TemplateAnimationsService,
    scheduler: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {
    super(scheduler, {
      name: 'template-analysis-sweeper',
      everyMs: config.generation.sweepIntervalSeconds * 1000,
      failure: 'Sweeping template analyses failed',
    });
  }

  protected runPeriodically(): Promise<void> {
    return this.sweep();
  }

  /** One pass over analyses pending for longer than a sweep interval. */
  async sweep(): Promise<void> {
    const quietSince = new Date(Date.now() - this.config.generation.sweepIntervalSeconds * 1000);
    for (const template of await this.templates.findPendingAnalyses(quietSince, BATCH))
      await this.animations.reconcile(template.id);
  }
}
