import { randomUUID } from 'node:crypto';

import {
  BadRequestException,
  type HttpException,
  Injectable,
  PayloadTooLargeException,
} from '@nestjs/common';
import { InjectQueue } from '@nestjs/bull';
import type { Queue } from 'bull';
import {
  ANALYSE_JOB,
  type AnalyseJobData,
  type AnalyseJobResult,
  ErrorText,
  GENERATION_FAILURE_CODES,
  GENERATION_QUEUE,
  isAnalyseJobResult,
  type JobFailure,
  parseFailure,
  type QueueJob,
} from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { jobFinished, JobWaitTimeoutError, QueueUnavailableError } from '../redis/job-finished.js';

/** What became of an analysis the API awaited. */
export type AnalysisOutcome =
  | { state: 'completed'; result: AnalyseJobResult }
  | { state: 'failed'; failure: JobFailure }
  | { state: 'timeout' };

/**
 * The client's answer to an analysis that listed no faces: the image's own faults (no face, too large,
 * unreadable) are 4xx, anything else (no worker in time, a worker error) is `unavailable` (a 503).
 */
export function analysisError(
  outcome: Exclude<AnalysisOutcome, { state: 'completed' }>,
  answers: { noFace: () => HttpException; unavailable: () => HttpException },
): HttpException {
  if (outcome.state === 'timeout') return answers.unavailable();
  switch (outcome.failure.code) {
    case 'NO_FACE':
      return answers.noFace();
    case 'IMAGE_TOO_LARGE':
      return new PayloadTooLargeException(ErrorText.imageTooLarge);
    case 'UNSUPPORTED_IMAGE':
      return new BadRequestException(ErrorText.imageUpload);
    case 'NSFW_IMAGE':
      return new BadRequestException({ detail: ErrorText.nsfwImage, code: 'NSFW_IMAGE' });
    default:
      return answers.unavailable();
  }
}

/** Analyse jobs' ids: never a generation's (a UUID), so the generation reports skip them. */
export const ANALYSE_JOB_ID_PREFIX = 'analyse-';

/**
 * The analyse job of the generation queue as the API uses it: the inference worker detects, meshes and
 * describes an image's faces once and stores the record beside it, so the API process loads no model.
 */
@Injectable()
export class AnalysisQueue {
  constructor(
    @InjectQueue(GENERATION_QUEUE) private readonly queue: Queue<QueueJob<typeof GENERATION_QUEUE>['data']>,
    private readonly config: AppConfig,
  ) {}

  /** False while Redis is away: nothing can be analysed now. */
  isReady(): boolean {
    return this.queue.client.status === 'ready';
  }

  /**
   * Queues the analysis of a stored image ahead of the swaps (someone awaits it) and waits for it, at
   * most `timeoutMs`; a job still waiting then is withdrawn. Not retried: the request can be sent again.
   * An upload is screened first (`screen`, unless NSFW_SCREEN_UPLOADS=0): above the NSFW thresholds the
   * job fails with NSFW_IMAGE (analysisError's 400) before any face is looked at.
   */
  async analyse(
    data: AnalyseJobData,
    timeoutMs: number,
    { screen = false }: { screen?: boolean } = {},
  ): Promise<AnalysisOutcome> {
    const { screenUploads, explicit, suggestive } = this.config.nsfw;
    const screened = screen && screenUploads ? { ...data, screen: { explicit, suggestive } } : data;
    const job = await this.queue.add(ANALYSE_JOB, screened, {
      jobId: `${ANALYSE_JOB_ID_PREFIX}${randomUUID()}`,
      priority: 1,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: true,
    });
    try {
      const result = await jobFinished(job, timeoutMs);
      if (!isAnalyseJobResult(result))
        return { state: 'failed', failure: { code: null, message: 'the analysis answered no result' } };
      return { state: 'completed', result };
    } catch (error) {
      if (error instanceof JobWaitTimeoutError) {
        if ((await job.getState().catch(() => null)) !== 'active') await job.remove().catch(() => undefined);
        return { state: 'timeout' };
      }
      // Redis went away while waiting: as unavailable as a worker that never answered.
      if (error instanceof QueueUnavailableError) return { state: 'timeout' };
      const reason = error instanceof Error ? error.message : String(error);
      return { state: 'failed', failure: parseFailure(reason, GENERATION_FAILURE_CODES) };
    }
  }
}
