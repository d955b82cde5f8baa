import { RATING_PERIODS, type RatingPeriod } from '@mememint/contracts';

/**
 * Score buckets and the sorted-set score that ranks them (GAME.md "Rating" and "Decisions": Time,
 * Ranks and pages). Every day, ISO week and month is UTC.
 *
 * A board is a Redis sorted set read in ascending order. Its score packs the coins and the moment
 * they were reached: `-(coins × span) + offset`, where `offset` counts `resolution` steps from the
 * bucket's start (below `span`). More coins sort first; equal coins sort by who reached them first;
 * equal both, by member (tgIds are written zero-padded, so that is tgId order). Every packed score
 * is an integer below 2^53, exact in Redis' doubles, as long as the coins stay below `maxScore`.
 */
export interface PeriodCodec {
  resolutionMs: number;
  span: number;
}

const SECOND = 1000;
const DAY = 86_400_000;

/** All-time offsets count minutes from here (2^24 minutes: until 2056). */
export const RATING_EPOCH = Date.UTC(2025, 0, 1);

export const PERIOD_CODECS: Record<RatingPeriod, PeriodCodec> = {
  day: { resolutionMs: SECOND, span: 2 ** 17 }, // 86,400 s; coins below 2^36
  week: { resolutionMs: SECOND, span: 2 ** 20 }, // 604,800 s; coins below 2^33
  month: { resolutionMs: SECOND, span: 2 ** 22 }, // up to 2,678,400 s; coins below 2^31
  all: { resolutionMs: 60 * SECOND, span: 2 ** 24 }, // minutes; coins below 2^29
};

/** The largest score a board of the period ranks exactly. */
export function maxScore(period: RatingPeriod): number {
  return 2 ** 53 / PERIOD_CODECS[period].span - 1;
}

/** When the bucket holding `at` began. */
export function bucketStart(period: RatingPeriod, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  switch (period) {
    case 'all':
      return new Date(RATING_EPOCH);
    case 'day':
      return new Date(day);
    case 'week':
      // ISO weeks start on Monday: getUTCDay() is 0 on Sunday.
      return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY);
    case 'month':
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  }
}

/** When the bucket holding `at` ends (the next one's start); null for all time. */
export function bucketEnd(period: RatingPeriod, at: Date): Date | null {
  const start = bucketStart(period, at);
  switch (period) {
    case 'all':
      return null;
    case 'day':
      return new Date(start.getTime() + DAY);
    case 'week':
      return new Date(start.getTime() + 7 * DAY);
    case 'month':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/** The ISO week-year and week of a date: the week belongs to the year of its Thursday. */
function isoWeek(at: Date): { year: number; week: number } {
  const thursday = new Date(bucketStart('week', at).getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return { year, week };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The bucket's name in keys: `all`, `d2025-01-31`, `w2025-W05`, `m2025-01`. */
export function bucketOf(period: RatingPeriod, at: Date): string {
  switch (period) {
    case 'all':
      return 'all';
    case 'day':
      return `d${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
    case 'week': {
      const { year, week } = isoWeek(at);
      return `w${year}-W${pad(week)}`;
    }
    case 'month':
      return `m${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
  }
}

/** Steps from the bucket's start to `at`, clamped into the codec's range. */
export function offsetOf(period: RatingPeriod, at: Date): number {
  const { resolutionMs, span } = PERIOD_CODECS[period];
  const steps = Math.floor((at.getTime() - bucketStart(period, at).getTime()) / resolutionMs);
  return Math.min(Math.max(steps, 0), span - 1);
}

/** The sorted-set score of `score` coins reached at `at`. */
export function packScore(period: RatingPeriod, score: number, at: Date): number {
  return -(score * PERIOD_CODECS[period].span) + offsetOf(period, at);
}

/** The coins of a sorted-set score. */
export function unpackScore(period: RatingPeriod, packed: number): number {
  // `+ 0` turns the -0 of a zero score into 0.
  return Math.ceil(-packed / PERIOD_CODECS[period].span) + 0;
}

/** A bucket of one period at one moment, with what the scripts need to write it. */
export interface BucketRef {
  period: RatingPeriod;
  bucket: string;
  span: number;
  /** Offset of the moment in the bucket. */
  offset: number;
  /** Seconds the bucket's keys live after this moment (kept a day past the bucket's end); 0: forever. */
  ttlSeconds: number;
}

/** The current bucket of every period at `at`. */
export function bucketsAt(at: Date): BucketRef[] {
  return RATING_PERIODS.map((period) => {
    const end = bucketEnd(period, at);
    return {
      period,
      bucket: bucketOf(period, at),
      span: PERIOD_CODECS[period].span,
      offset: offsetOf(period, at),
      ttlSeconds: end === null ? 0 : Math.ceil((end.getTime() + DAY - at.getTime()) / 1000),
    };
  });
}

/** Members are tgIds (or squad ids) zero-padded to one width, so equal scores sort by id. */
const MEMBER_WIDTH = 16;

export function toMember(id: number): string {
  return String(id).padStart(MEMBER_WIDTH, '0');
}

export function fromMember(member: string): number {
  return Number(member);
}
