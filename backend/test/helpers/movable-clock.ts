import { Clock } from '../../src/common/clock.js';

/**
 * A clock a test moves, as a player's time passes (`overrideProvider(Clock).useValue(clock)`).
 * It keeps ticking from where it is set.
 */
export class MovableClock extends Clock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Jumps to an instant, e.g. `clock.set('2026-11-20T12:00:00Z')`. */
  set(at: string | Date): void {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
