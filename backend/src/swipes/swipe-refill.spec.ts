import { describe, expect, it } from '@jest/globals';

import { refillSwipes } from './swipe-refill.js';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE);

describe('refillSwipes', () => {
  it('adds one swipe per whole period and carries the rest of the time to the next', () => {
    expect(refillSwipes({ swipes: 10, refilledAt: at(0) }, at(3.5), 60, MINUTE)).toEqual({
      added: 3,
      refilledAt: at(3),
      nextRefillAt: at(4),
    });
    expect(refillSwipes({ swipes: 10, refilledAt: at(0) }, at(0.9), 60, MINUTE)).toEqual({
      added: 0,
      refilledAt: at(0),
      nextRefillAt: at(1),
    });
  });

  it('stops at the maximum and restarts the clock from now when full', () => {
    expect(refillSwipes({ swipes: 58, refilledAt: at(0) }, at(90), 60, MINUTE)).toEqual({
      added: 2,
      refilledAt: at(90),
      nextRefillAt: null,
    });
  });

  it('never cuts a purchased excess nor adds to it', () => {
    expect(refillSwipes({ swipes: 75, refilledAt: at(0) }, at(600), 60, MINUTE)).toEqual({
      added: 0,
      refilledAt: at(600),
      nextRefillAt: null,
    });
  });

  it('adds nothing for a clock that went backwards', () => {
    expect(refillSwipes({ swipes: 0, refilledAt: at(5) }, at(2), 60, MINUTE)).toEqual({
      added: 0,
      refilledAt: at(5),
      nextRefillAt: at(6),
    });
  });
});
