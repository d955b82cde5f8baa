import { Injectable } from '@nestjs/common';

/**
 * The current time for day-based rules (daily bonuses, streaks, swipe refill, contest days); tests
 * replace it (`overrideProvider(Clock)`) to move time.
 */
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

/** The UTC day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** A real calendar day written `YYYY-MM-DD`. */
export function isUtcDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
    utcDay(new Date(`${text}T00:00:00Z`)) === text
  );
}
