import type { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A task this process runs every interval, one run at a time: a tick during a run is skipped, and
 * `run(true)` during one runs it once more after. `stop()` clears the timer and waits for the run
 * in flight (call it at shutdown). A failed run goes to `onError`, never to the caller.
 */
export class IntervalTask {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly scheduler: SchedulerRegistry,
    private readonly name: string,
    private readonly task: () => Promise<unknown>,
    private readonly onError: (error: Error) => void,
  ) {}

  start(everyMs: number): void {
    this.scheduler.addInterval(
      this.name,
      setInterval(() => this.run(false), everyMs),
    );
  }

  /**
   * Runs the task once and waits for it (a failure goes to `onError`), then starts the interval: for
   * work that must be done before the first request.
   */
  async startAfterFirstRun(everyMs: number): Promise<void> {
    await this.task().then(() => undefined, this.onError);
    this.start(everyMs);
  }

  /** Runs the task now unless it is running; then once more after it if `again`. */
  run(again: boolean): void {
    if (this.running) {
      this.again ||= again;
      return;
    }
    this.running = this.task()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.run(false);
        }
      });
  }

  async stop(): Promise<void> {
    if (this.scheduler.doesExist('interval', this.name)) this.scheduler.deleteInterval(this.name);
    this.again = false;
    await this.running;
  }
}
