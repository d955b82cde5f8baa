import { describe, expect, it } from '@jest/globals';
import { RATING_PERIODS } from '@mememint/contracts';

import {
  bucketEnd,
  bucketOf,
  bucketStart,
  bucketsAt,
  fromMember,
  maxScore,
  packScore,
  toMember,
  unpackScore,
} from './rating-periods.js';

const at = (iso: string) => new Date(iso);

describe('rating periods', () => {
  it('names UTC days, ISO weeks and months', () => {
    expect(bucketOf('day', at('2025-01-31T23:59:59.999Z'))).toBe('d2025-01-31');
    expect(bucketOf('day', at('2025-02-01T00:00:00Z'))).toBe('d2025-02-01');
    expect(bucketOf('month', at('2025-12-31T23:00:00Z'))).toBe('m2025-12');
    expect(bucketOf('all', at('2030-06-01T00:00:00Z'))).toBe('all');
    // The ISO week belongs to the year of its Thursday.
    expect(bucketOf('week', at('2021-01-03T12:00:00Z'))).toBe('w2020-W53'); // a Sunday
    expect(bucketOf('week', at('2021-01-04T00:00:00Z'))).toBe('w2021-W01'); // the Monday after
    expect(bucketOf('week', at('2024-12-30T08:00:00Z'))).toBe('w2025-W01');
    expect(bucketOf('week', at('2025-06-15T23:59:59Z'))).toBe('w2025-W24');
  });

  it('starts weeks on Monday and months on the 1st, at midnight UTC', () => {
    expect(bucketStart('week', at('2025-06-15T23:59:59Z')).toISOString()).toBe('2025-06-09T00:00:00.000Z');
    expect(bucketStart('week', at('2025-06-09T00:00:00Z')).toISOString()).toBe('2025-06-09T00:00:00.000Z');
    expect(bucketEnd('week', at('2025-06-09T00:00:00Z'))?.toISOString()).toBe('2025-06-16T00:00:00.000Z');
    expect(bucketEnd('month', at('2024-02-10T00:00:00Z'))?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(bucketEnd('all', at('2024-02-10T00:00:00Z'))).toBeNull();
  });

  it('packs scores so that more coins rank first, then who reached them first', () => {
    for (const period of RATING_PERIODS) {
      const morning = at('2025-03-12T08:00:00Z');
      const evening = at('2025-03-12T20:00:00Z');
      const ranked = [
        packScore(period, 10, evening),
        packScore(period, 500, evening),
        packScore(period, 10, morning),
        packScore(period, 0, morning),
      ].sort((a, b) => a - b);
      expect(ranked.map((packed) => unpackScore(period, packed))).toEqual([500, 10, 10, 0]);
      expect(ranked[1]).toBe(packScore(period, 10, morning));
      expect(Object.is(unpackScore(period, packScore(period, 0, evening)), 0)).toBe(true);
    }
  });

  it('keeps the largest score exact', () => {
    const last = at('2025-03-31T23:59:59Z');
    for (const period of RATING_PERIODS) {
      const packed = packScore(period, maxScore(period), last);
      expect(Number.isSafeInteger(packed)).toBe(true);
      expect(unpackScore(period, packed)).toBe(maxScore(period));
    }
  });

  it('gives every current bucket a lifetime past its end, all time none', () => {
    const buckets = bucketsAt(at('2025-03-31T23:59:00Z'));
    expect(buckets.map((b) => [b.period, b.bucket])).toEqual([
      ['all', 'all'],
      ['day', 'd2025-03-31'],
      ['week', 'w2025-W14'],
      ['month', 'm2025-03'],
    ]);
    const ttl = Object.fromEntries(buckets.map((b) => [b.period, b.ttlSeconds]));
    expect(ttl).toEqual({ all: 0, day: 60 + 86_400, week: 6 * 86_400 + 60 + 86_400, month: 60 + 86_400 });
  });

  it('writes ids so that string order is number order', () => {
    expect([toMember(99), toMember(100), toMember(7_000_000_001)].sort()).toEqual([
      toMember(99),
      toMember(100),
      toMember(7_000_000_001),
    ]);
    expect(fromMember(toMember(7_000_000_001))).toBe(7_000_000_001);
  });
});
