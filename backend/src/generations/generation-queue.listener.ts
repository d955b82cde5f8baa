import { once } from 'node:events';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import { GENERATION_QUEUE, type GenerationJobPayload } from '@mememint/contracts';
import { isUuid } from '../common/uuid.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';

/**
 * Listens to the generation queue's global events (Redis pub/sub), so it hears workers in other
 * processes or machines. Bull publishes `failed` only for a final failure (retries exhausted, discarded,
 * or stalled too often), never for an attempt that will be retried. Reports of one job are handled one
 * after another, in the order they arrived.
 */
@Injectable()
export class GenerationQueueListener implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(GenerationQueueListener.name);
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    @InjectQueue(GENERATION_QUEUE) private readonly queue: Queue<GenerationJobPayload>,
    private readonly outcomes: GenerationOutcomesService,
  ) {}

  async onModuleInit(): Promise<void> {
    const subscribed = ['progress', 'completed', 'failed'].map((event) =>
      once(this.queue, `registered:global:${event}`),
    );
    this.queue.on('global:progress', (jobId: string, progress: unknown) =>
      this.inOrder(jobId, () => this.outcomes.progress(jobId, progress)),
    );
    this.queue.on('global:completed', (jobId: string, result: string) =>
      this.inOrder(jobId, () => this.outcomes.complete(jobId, JSON.parse(result))),
    );
    this.queue.on('global:failed', (jobId: string, reason: string) =>
      this.inOrder(jobId, () => this.outcomes.fail(jobId, String(reason))),
    );
    // Reports published before the subscriptions exist would be lost (the sweeper would catch up).
    await Promise.all(subscribed);
  }

  /** Stops listening and lets the reports being handled finish while the database is still there. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const event of ['global:progress', 'global:completed', 'global:failed'])
      this.queue.removeAllListeners(event);
    await Promise.allSettled(this.pending.values());
  }

  private inOrder(jobId: string, handle: () => Promise<void>): void {
    if (!isUuid(jobId)) return;
    const previous = this.pending.get(jobId) ?? Promise.resolve();
    const next = previous
      .then(handle)
      .catch((error: Error) =>
        this.logger.error({ err: error }, `Handling a report of generation ${jobId} failed`),
      );
    this.pending.set(jobId, next);
    void next.finally(() => {
      if (this.pending.get(jobId) === next) this.pending.delete(jobId);
    });
  }
}
