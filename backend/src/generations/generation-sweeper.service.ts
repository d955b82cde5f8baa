import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { In, LessThan, Repository } from 'typeorm';
import { GENERATION_QUEUE, type GenerationJobPayload } from '@mememint/contracts';
import { AppConfig } from '../config/app.config.js';
import { Generation } from './entities/generation.entity.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';

const SWEEP = 'generation-sweeper';
const BATCH = 100;

/**
 * Generations that stopped moving: a report lost while no backend listened is taken from the job
 * itself (completed or failed), and one still open past the deadline (its job lost, or stuck) is
 * failed and refunded. Safe on several replicas: every outcome is applied once.
 */
@Injectable()
export class GenerationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GenerationSweeper.name);
  private running: Promise<void> | null = null;

  constructor(
    @InjectRepository(Generation) private readonly generations: Repository<Generation>,
    @InjectQueue(GENERATION_QUEUE) private readonly queue: Queue<GenerationJobPayload>,
    private readonly outcomes: GenerationOutcomesService,
    private readonly scheduler: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: Error) => this.logger.error({ err: error }, 'Sweeping generations failed'))
        .finally(() => (this.running = null));
    }, this.config.generation.sweepIntervalSeconds * 1000);
    this.scheduler.addInterval(SWEEP, interval);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', SWEEP)) this.scheduler.deleteInterval(SWEEP);
    await this.running;
  }

  /** One pass over open generations that have not changed for a sweep interval. */
  async sweep(): Promise<void> {
    const now = Date.now();
    const quietSince = new Date(now - this.config.generation.sweepIntervalSeconds * 1000);
    const deadline = now - this.config.generation.deadlineSeconds * 1000;
    const stale = await this.generations.find({
      where: { status: In(['queued', 'processing']), updatedAt: LessThan(quietSince) },
      order: { createdAt: 'ASC' },
      take: BATCH,
    });
    for (const generation of stale) {
      const job = await this.queue.getJob(generation.id);
      const state = job ? await job.getState() : null;
      if (job && state === 'completed') {
        await this.outcomes.complete(generation.id, job.returnvalue);
      } else if (job && state === 'failed') {
        await this.outcomes.fail(generation.id, job.failedReason ?? 'FAILED: the job failed');
      } else if (generation.createdAt.getTime() < deadline) {
        // A job not yet taken is withdrawn; one a worker holds finishes into a generation already closed.
        if (job && state !== 'active') await job.remove().catch(() => undefined);
        await this.outcomes.fail(generation.id, 'DEADLINE: not finished in time');
      }
    }
  }
}
