import { setImmediate } from 'node:timers';

export interface RequestBatcherOptions<I, O> {
  /** Batches in flight at once; requests that arrive while all are busy wait for the next one. */
  concurrency: number;
  /** Items per batch at most. */
  maxSize: number;
  /** Items of one key never share a batch: a later one waits for a later batch, in arrival order. */
  keyOf: (item: I) => string | number;
  /** Runs one batch; answers one outcome per item, in the items' order (an Error rejects that item). */
  run: (items: I[]) => Promise<(O | Error)[]>;
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit in one process: requests that arrive while the batches in flight are busy leave
 * together in the next one, so under load many requests share one round trip and one transaction,
 * and a request on a quiet server leaves at once (at the next turn of the event loop, with whatever
 * arrived in the same turn). A failed batch rejects each of its items with the batch's error.
 */
export class RequestBatcher<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly options: RequestBatcherOptions<I, O>) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.concurrency && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.options
        .run(batch.map((waiting) => waiting.item))
        .then(
          (outcomes) =>
            batch.forEach((waiting, index) => {
              const outcome = outcomes[index];
              if (outcome instanceof Error) waiting.reject(outcome);
              else if (outcome === undefined)
                waiting.reject(new Error('A batch answered fewer outcomes than items.'));
              else waiting.resolve(outcome);
            }),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.schedule();
        });
    }
  }

  /** The oldest waiting items, one per key, up to the batch size; the rest keep their places. */
  private take(): Waiting<I, O>[] {
    const keys = new Set<string | number>();
    const batch: Waiting<I, O>[] = [];
    const kept: Waiting<I, O>[] = [];
    for (const waiting of this.queue) {
      const key = this.options.keyOf(waiting.item);
      if (batch.length < this.options.maxSize && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else kept.push(waiting);
    }
    this.queue.splice(0, this.queue.length, ...kept);
    return batch;
  }
}
