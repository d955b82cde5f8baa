import { describe, expect, it } from '@jest/globals';

import { AppConfig } from '../config/app.config.js';
import { rollGift } from './gift-roll.js';

const swipes = new AppConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mememint' }).swipes;

/** A random source that answers the given values in turn. */
const sequence = (...values: number[]) => {
  let next = 0;
  return () => values[next++ % values.length]!;
};

describe('rollGift', () => {
  it('picks kinds in proportion to their weights (60 coins, 20 credits, 15 swipes, 5 boost)', () => {
    expect(rollGift(swipes, sequence(0, 0)).kind).toBe('coins');
    expect(rollGift(swipes, sequence(0.599, 0)).kind).toBe('coins');
    expect(rollGift(swipes, sequence(0.6)).kind).toBe('credits');
    expect(rollGift(swipes, sequence(0.8)).kind).toBe('swipes');
    expect(rollGift(swipes, sequence(0.95)).kind).toBe('boost');
    expect(rollGift(swipes, sequence(0.9999)).kind).toBe('boost');
  });

  it('grants coins from 50 to 500 inclusive and the configured amounts of the others', () => {
    expect(rollGift(swipes, sequence(0, 0))).toEqual({ kind: 'coins', amount: 50 });
    expect(rollGift(swipes, sequence(0, 0.99999))).toEqual({ kind: 'coins', amount: 500 });
    expect(rollGift(swipes, sequence(0.6))).toEqual({ kind: 'credits', amount: 1 });
    expect(rollGift(swipes, sequence(0.8))).toEqual({ kind: 'swipes', amount: 10 });
    expect(rollGift(swipes, sequence(0.95))).toEqual({ kind: 'boost', amount: 1 });
  });

  it('never picks a kind of weight 0', () => {
    const onlyBoost = { ...swipes, giftWeights: { coins: 0, credits: 0, swipes: 0, boost: 3 } };
    for (const value of [0, 0.3, 0.99]) expect(rollGift(onlyBoost, sequence(value)).kind).toBe('boost');
  });
});
