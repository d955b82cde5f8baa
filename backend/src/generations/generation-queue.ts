import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  ANIMATION_QUEUE,
  GENERATION_FAILURE_CODES,
  GENERATION_QUEUE,
  type JobData,
  type JobFailure,
  parseFailure,
  type QueueJob,
  SWAP_ANIMATION_JOB,
  SWAP_JOB,
  RECAPTION_ANIMATION_JOB_ID_PREFIX,
  VIDEO_STICKER_JOB_ID_PREFIX,
} from '@mememint/contracts';

import { ANALYSE_JOB_ID_PREFIX } from '../face-analysis/analysis-queue.js';
import { type GlobalListener, onGlobal } from '../redis/bull-global-events.js';

/** An animated template's analysis job id (never a generation's UUID): `template-analysis-<template id>`. */
export const TEMPLATE_ANALYSIS_JOB_ID_PREFIX = 'template-analysis-';

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

/**
 * The generation queue as the backend uses it: the one holder of its Bull queue, and of the animation
 * queue's swaps (their own list, so stills never wait behind a clip). Jobs are typed by contracts'
 * QueueJobs; a job's id is its generation's id, on whichever queue it went to.
 */
@Injectable()
export class GenerationQueue implements OnModuleInit {
  constructor(
    @InjectQueue(GENERATION_QUEUE) private readonly queue: Queue<QueueJob<typeof GENERATION_QUEUE>['data']>,
    @InjectQueue(ANIMATION_QUEUE)
    private readonly animations: Queue<QueueJob<typeof ANIMATION_QUEUE>['data']>,
  ) {}

  private readonly listeners: [Queue, string, GlobalListener][] = [];

  /** Both queues, for what is done to a generation's job wherever it is. */
  private get queues(): Queue[] {
    return [this.queue as Queue, this.animations as Queue];
  }

  private async findJob(id: string) {
    return (await this.queue.getJob(id)) ?? (await this.animations.getJob(id));
  }

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

  async enqueueAnimationSwap(
    id: string,
    data: JobData<typeof ANIMATION_QUEUE, typeof SWAP_ANIMATION_JOB>,
  ): Promise<void> {
    await this.animations.add(SWAP_ANIMATION_JOB, data, { jobId: id });
  }

  async outcome(id: string): Promise<GenerationJobOutcome> {
    const job = await this.findJob(id);
    if (!job) return { state: 'missing' };
    const state = await job.getState();
    if (state === 'completed') return { state, result: job.returnvalue };
    if (state === 'failed')
      return { state, failure: parseFailure(job.failedReason, GENERATION_FAILURE_CODES) };
    return { state: state === 'active' ? 'active' : 'pending' };
  }

  /** Takes back a job no worker holds yet; one a worker holds finishes (into a closed generation). */
  async withdraw(id: string): Promise<void> {
    const job = await this.findJob(id);
    if (job && (await job.getState()) !== 'active') await job.remove().catch(() => undefined);
  }

  /** Hears the workers' reports (both queues); resolves once subscribed (reports published before would be lost). */
  async listen(reports: GenerationJobReports): Promise<void> {
    const other = (jobId: string) =>
      String(jobId).startsWith(ANALYSE_JOB_ID_PREFIX) ||
      String(jobId).startsWith(TEMPLATE_ANALYSIS_JOB_ID_PREFIX) ||
      String(jobId).startsWith(VIDEO_STICKER_JOB_ID_PREFIX) ||
      String(jobId).startsWith(RECAPTION_ANIMATION_JOB_ID_PREFIX);
    await Promise.all(this.queues.map((queue) => this.listenTo(queue, reports, other)));
  }

  private async listenTo(queue: Queue, reports: GenerationJobReports, other: (jobId: string) => boolean) {
    const on = (event: string, listener: GlobalListener) => {
      this.listeners.push([queue, `global:${event}`, listener]);
      return onGlobal(queue, event, listener);
    };
    await Promise.all([
      on('progress', (jobId: string, progress: unknown) => {
        if (!other(jobId)) reports.progress(jobId, progress);
      }),
      on('completed', (jobId: string, result: string) => {
        if (other(jobId)) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(result);
        } catch {
          return; // The sweeper reads the result from the job itself.
        }
        reports.completed(jobId, parsed);
      }),
      on('failed', (jobId: string, reason: unknown) => {
        if (!other(jobId)) reports.failed(jobId, parseFailure(String(reason), GENERATION_FAILURE_CODES));
      }),
    ]);
  }

  /** Stops hearing the generations' reports (the template analyses' listener has its own handlers). */
  stopListening(): void {
    for (const [queue, event, listener] of this.listeners.splice(0)) queue.off(event, listener);
  }
}
