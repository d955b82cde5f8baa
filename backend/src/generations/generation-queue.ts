import { once } from 'node:events';

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  GENERATION_FAILURE_CODES,
  GENERATION_QUEUE,
  type JobData,
  type JobFailure,
  parseFailure,
  type QueueJob,
  SWAP_JOB,
} from '@mememint/contracts';

import { ANALYSE_JOB_ID_PREFIX } from '../face-analysis/analysis-queue.js';

/** What became of a generation's job, as far as the queue still knows. */
export type GenerationJobOutcome =
  | { state: 'completed'; result: unknown }
  | { state: 'failed'; failure: JobFailure }
  | { state: 'active' | 'pending' | 'missing' };

/** What the workers report about jobs (Redis pub/sub, so from any process or machine). */
export interface GenerationJobReports {
  progress(jobId: string, report: unknown): void;
  completed(jobId: string, result: unknown): void;
  /** Only for a final failure (retries exhausted, discarded, or stalled too often). */
  failed(jobId: string, failure: JobFailure): void;
}

const GLOBAL_EVENTS = ['progress', 'completed', 'failed'] as const;

/**
 * The generation queue as the backend uses it: the one holder of its Bull queue. Jobs are typed by
 * contracts' QueueJobs; a job's id is its generation's id.
 */
@Injectable()
export class GenerationQueue implements OnModuleInit {
  constructor(
    @InjectQueue(GENERATION_QUEUE) private readonly queue: Queue<QueueJob<typeof GENERATION_QUEUE>['data']>,
  ) {}

  /** Serves only once Bull can queue: a request finding its connection not ready is refused (503). */
  async onModuleInit(): Promise<void> {
    const client = this.queue.client;
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  }

  /** False while Redis is away: nothing can be queued now. */
  isReady(): boolean {
    return this.queue.client.status === 'ready';
  }

  async enqueueSwap(id: string, data: JobData<typeof GENERATION_QUEUE, typeof SWAP_JOB>): Promise<void> {
    await this.queue.add(SWAP_JOB, data, { jobId: id });
  }

  async outcome(id: string): Promise<GenerationJobOutcome> {
    const job = await this.queue.getJob(id);
    if (!job) return { state: 'missing' };
    const state = await job.getState();
    if (state === 'completed') return { state, result: job.returnvalue };
    if (state === 'failed')
      return { state, failure: parseFailure(job.failedReason, GENERATION_FAILURE_CODES) };
    return { state: state === 'active' ? 'active' : 'pending' };
  }

  /** Takes back a job no worker holds yet; one a worker holds finishes (into a closed generation). */
  async withdraw(id: string): Promise<void> {
    const job = await this.queue.getJob(id);
    if (job && (await job.getState()) !== 'active') await job.remove().catch(() => undefined);
  }

  /** Hears the workers' reports; resolves once subscribed (reports published before would be lost). */
  async listen(reports: GenerationJobReports): Promise<void> {
    const subscribed = GLOBAL_EVENTS.map((event) => once(this.queue, `registered:global:${event}`));
    const analysis = (jobId: string) => String(jobId).startsWith(ANALYSE_JOB_ID_PREFIX);
    this.queue.on('global:progress', (jobId: string, progress: unknown) => {
      if (!analysis(jobId)) reports.progress(jobId, progress);
    });
    this.queue.on('global:completed', (jobId: string, result: string) => {
      if (analysis(jobId)) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(result);
      } catch {
        return; // The sweeper reads the result from the job itself.
      }
      reports.completed(jobId, parsed);
    });
    this.queue.on('global:failed', (jobId: string, reason: unknown) => {
      if (!analysis(jobId)) reports.failed(jobId, parseFailure(String(reason), GENERATION_FAILURE_CODES));
    });
    await Promise.all(subscribed);
  }

  stopListening(): void {
    for (const event of GLOBAL_EVENTS) this.queue.removeAllListeners(`global:${event}`);
  }
}
