import type { Job, Queue } from 'bull';

/** How often a wait checks that Redis is still there (and that it missed no event). */
const WATCH_MS = 1000;

/** The wait for a job ended because Redis went away: the job's outcome cannot be known now. */
export class QueueUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('the queue is unavailable (Redis is away)', { cause });
  }
}

/** No outcome within the wait's time limit (the job may still run). */
export class JobWaitTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no outcome within ${timeoutMs} ms`);
  }
}

interface QueueEvents {
  _registerEvent(event: string): Promise<void>;
}

/**
 * Bull's `job.finished()` without its flaw: its watchdog polls the job every 5 s with no handler
 * for a failed poll, so a request waiting on a job while Redis went away left an unhandled
 * MaxRetriesPerRequestError that ended the process. This waits for the queue's global events (of
 * any worker), checks the job's state once subscribed and then every second, and rejects with
 * QueueUnavailableError once Redis is away: the caller answers 503 and the process lives on.
 * Resolves with the job's result, rejects with an Error of its failure reason, or after `timeoutMs`
 * (when given) with JobWaitTimeoutError.
 */
export async function jobFinished(job: Job, timeoutMs?: number): Promise<unknown> {
  const queue = job.queue as Queue & QueueEvents;
  const id = String(job.id);
  try {
    await Promise.all([queue._registerEvent('global:completed'), queue._registerEvent('global:failed')]);
  } catch (error) {
    throw new QueueUnavailableError(error);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(timer);
      queue.removeListener('global:completed', onCompleted);
      queue.removeListener('global:failed', onFailed);
      outcome();
    };
    const onCompleted = (jobId: string, result: string) => {
      if (String(jobId) !== id) return;
      let parsed: unknown;
      try {
        parsed = typeof result === 'string' ? JSON.parse(result) : result;
      } catch {
        parsed = undefined;
      }
      settle(() => resolve(parsed));
    };
    const onFailed = (jobId: string, reason: unknown) => {
      if (String(jobId) === id) settle(() => reject(new Error(String(reason))));
    };
    // A job that ended before the subscription (or whose event was lost) is found by its state; a job
    // removed on completion is known only by its event.
    const check = async () => {
      if (queue.client.status !== 'ready') return settle(() => reject(new QueueUnavailableError()));
      try {
        const current = await queue.getJob(id);
        const state = current ? await current.getState() : null;
        if (state === 'completed') settle(() => resolve(current!.returnvalue));
        else if (state === 'failed') settle(() => reject(new Error(current!.failedReason)));
      } catch (error) {
        settle(() => reject(new QueueUnavailableError(error)));
      }
    };
    queue.on('global:completed', onCompleted);
    queue.on('global:failed', onFailed);
    const watch = setInterval(() => void check(), WATCH_MS);
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => settle(() => reject(new JobWaitTimeoutError(timeoutMs))), timeoutMs);
    void check();
  });
}
