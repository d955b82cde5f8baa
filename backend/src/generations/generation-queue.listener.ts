import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';

import { isUuid } from '../common/uuid.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';
import { GenerationQueue } from './generation-queue.js';

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
    private readonly queue: GenerationQueue,
    private readonly outcomes: GenerationOutcomesService,
  ) {}

  async onModuleInit(): Promise<void> {
    // Reports published before the subscriptions exist would be lost (the sweeper would catch up).
    await this.queue.listen({
      progress: (jobId, report) => this.inOrder(jobId, () => this.outcomes.progress(jobId, report)),
      completed: (jobId, result) => this.inOrder(jobId, () => this.outcomes.complete(jobId, result)),
      failed: (jobId, failure) => this.inOrder(jobId, () => this.outcomes.fail(jobId, failure)),
    });
  }

  /** Stops listening and lets the reports being handled finish while the database is still there. */
  async beforeApplicationShutdown(): Promise<void> {
    this.queue.stopListening();
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
