import type { ServerResponse } from 'node:http';

import { GENERATION_FAILURE_CODES, SWAP_JOB, type GenerationJobResult } from '@mememint/contracts';
import type Bull from 'bull';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: a stage takes milliseconds on a GPU, up to seconds on a busy CPU. */
const STAGE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The Bull job states reported as queue depth. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'paused', 'failed', 'completed'] as const;

/**
 * The worker's Prometheus metrics, served on its health port next to `/ping` (a port no Service or
 * ingress exposes): job durations by stage, jobs by outcome, and the generation queue's depth read
 * from Redis at scrape time, so a KEDA Prometheus trigger can scale on it as well as on the list.
 */
export class WorkerMetrics {
  readonly registry = new Registry();

  private readonly stageSeconds = new Histogram({
    name: 'mememint_generation_stage_duration_seconds',
    help: 'Time of each stage of a finished swap job (decode, detect, landmarks, swap, caption, encode, store) and the whole job (total)',
    labelNames: ['stage'] as const,
    buckets: STAGE_BUCKETS,
    registers: [this.registry],
  });

  private readonly jobs = new Counter({
    name: 'mememint_generation_jobs_total',
    help: 'Swap jobs this worker ran, by outcome: completed, input_error (not retried) or error (retried while attempts last)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(queue: Bull.Queue) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'mememint_generation_queue_jobs',
      help: 'Jobs in the generation queue by state (the same for every worker: it is read from Redis)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = (await queue.getJobCounts()) as unknown as Record<string, number>;
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      },
    });
    // Swap jobs only: the analyse jobs of the same queue have their own stages and are not generations.
    queue.on('completed', (job: Bull.Job, result: GenerationJobResult) => {
      if (job.name !== SWAP_JOB) return;
      this.jobs.inc({ outcome: 'completed' });
      for (const [stage, ms] of Object.entries(result.timings))
        this.stageSeconds.observe({ stage }, ms / 1000);
      if (job.processedOn)
        this.stageSeconds.observe({ stage: 'total' }, (Date.now() - job.processedOn) / 1000);
    });
    queue.on('failed', (job: Bull.Job, error: Error) => {
      if (job.name !== SWAP_JOB) return;
      const inputError = GENERATION_FAILURE_CODES.some((code) => error.message.startsWith(`${code}:`));
      this.jobs.inc({ outcome: inputError ? 'input_error' : 'error' });
    });
  }

  /** Answers `GET /metrics` in Prometheus' text format. */
  async serve(response: ServerResponse): Promise<void> {
    const body = await this.registry.metrics();
    response.writeHead(200, { 'content-type': this.registry.contentType }).end(body);
  }
}
