import { Injectable } from '@nestjs/common';

/** The current time for day-based rules (daily bonuses, streaks); tests replace it to move days. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** The UTC day of a time as `YYYY-MM-DD` (GAME.md "Decisions" → Time). */
export function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}
