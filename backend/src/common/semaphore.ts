/**
 * At most `limit` holders at once; the rest wait in arrival order. In-process: it bounds what one
 * API process does at a time (reading and decoding large uploads), not what the replicas do together.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Resolves with the release function once a slot is free (call it exactly once). */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` never overshoots the limit.
      if (next) next();
      else this.active -= 1;
    };
  }
}
