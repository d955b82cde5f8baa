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

/** A `YYYY-MM-DD` day moved by whole days (negative for earlier). */
export function addDays(day: string, days: number): string {
  const time = new Date(`${day}T00:00:00Z`);
  time.setUTCDate(time.getUTCDate() + days);
  return utcDay(time);
}

/** Whether a text is a real UTC day as `YYYY-MM-DD` (not 2026-02-30). */
export function isUtcDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(time.getTime()) && utcDay(time) === text;
}
