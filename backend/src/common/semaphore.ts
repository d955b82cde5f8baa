/**
 * At most `limit` holders at once; the rest wait in arrival order. In-process: it bounds what one
 * API process does at a time (decoding large uploads), not what the replicas do together.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` never overshoots the limit.
      if (next) next();
      else this.active -= 1;
    }
  }
}
