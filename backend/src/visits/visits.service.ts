import { Injectable, Logger } from '@nestjs/common';

import { Clock, utcDay } from '../common/clock.js';
import type { User } from '../users/entities/user.entity.js';
import { VisitsRepository } from './visits.repository.js';

/**
 * Runs on a player's first authenticated request of a UTC day (at least once per day per replica,
 * so it must be idempotent, e.g. through a ledger key naming the day).
 */
export type DailyVisitHook = (user: User, day: string) => Promise<void>;

/** Replicas remember this many players' last handled day; past that they start over (hooks are idempotent). */
const REMEMBERED_PLAYERS = 100_000;

/**
 * The days players use the app, recorded on their first authenticated request of each UTC day,
 * when the hooks other modules register (the boost's daily bonus) run too.
 */
@Injectable()
export class VisitsService {
  private readonly logger = new Logger(VisitsService.name);
  private readonly hooks: DailyVisitHook[] = [];
  /** Player → the last day handled on this replica: later requests that day cost nothing. */
  private readonly handledDay = new Map<number, string>();
  /** Parallel first requests of a player share one run. */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly visits: VisitsRepository,
    private readonly clock: Clock,
  ) {}

  onDailyVisit(hook: DailyVisitHook): void {
    this.hooks.push(hook);
  }

  /** Called for every authenticated request; resolves once the day's work for the player is done. */
  visit(user: User): Promise<void> {
    const day = utcDay(this.clock.now());
    if (this.handledDay.get(user.tgId) === day) return Promise.resolve();
    const running = this.running.get(user.tgId);
    if (running) return running;
    const run = this.runDay(user, day).finally(() => this.running.delete(user.tgId));
    this.running.set(user.tgId, run);
    return run;
  }

  /** Days in a row with a visit, ending today. */
  currentStreak(userId: number): Promise<number> {
    return this.visits.streakEndingOn(userId, utcDay(this.clock.now()));
  }

  private async runDay(user: User, day: string): Promise<void> {
    try {
      await this.visits.record(user.tgId, day);
      for (const hook of this.hooks) await hook(user, day);
    } catch (error) {
      // The request goes on; the next one of the day tries again.
      this.logger.error(`Daily visit of ${user.tgId} on ${day} failed: ${(error as Error).message}`);
      return;
    }
    if (this.handledDay.size >= REMEMBERED_PLAYERS) this.handledDay.clear();
    this.handledDay.set(user.tgId, day);
  }
}
