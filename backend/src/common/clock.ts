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

/** Whether a string is a real UTC day `YYYY-MM-DD` (not 2026-02-30). */
export function isUtcDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(time.getTime()) && utcDay(time) === value;
}

/** The UTC day `days` after `day` (negative: before), both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}
