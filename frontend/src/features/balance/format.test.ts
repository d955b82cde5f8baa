import { describe, expect, it } from 'vitest';

import { formatCoins, isLimitReached, swipeBar } from './format';

describe('formatCoins', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [1234, '1.23K'],
    [1239, '1.23K'],
    [12_345, '12.34K'],
    [999_999, '999.99K'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_234_567, '1.23M'],
    [987_654_321, '987.65M'],
  ])('%i → %s', (value, shown) => {
    expect(formatCoins(value)).toBe(shown);
  });
});

describe('swipeBar', () => {
  it('shows current over 60 up to 60', () => {
    expect(swipeBar(0)).toEqual({ current: 0, max: 60, fraction: 0 });
    expect(swipeBar(30)).toEqual({ current: 30, max: 60, fraction: 0.5 });
    expect(swipeBar(60)).toEqual({ current: 60, max: 60, fraction: 1 });
  });

  it('shows current over current above 60 (purchased swipes)', () => {
    expect(swipeBar(61)).toEqual({ current: 61, max: 61, fraction: 1 });
    expect(swipeBar(150)).toEqual({ current: 150, max: 150, fraction: 1 });
  });
});

describe('credits', () => {
  it('below 1 the limit is reached', () => {
    expect(isLimitReached(0)).toBe(true);
    expect(isLimitReached(1)).toBe(false);
  });
});
