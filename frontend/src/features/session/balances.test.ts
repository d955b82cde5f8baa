import { describe, expect, it } from 'vitest';

import { TEST_USER } from '../../test/render';
import { keepNewerBalances, withNewerBalances } from './balances';

// TEST_USER's balances are of version 5.
describe('versioned balances', () => {
  it('a change applies its balances only when they are newer; its other fields apply anyway', () => {
    expect(keepNewerBalances(TEST_USER, { swipes: 58, balanceVersion: 6, hasTon: true })).toEqual({
      swipes: 58,
      balanceVersion: 6,
      hasTon: true,
    });
    expect(
      keepNewerBalances(TEST_USER, {
        swipes: 61,
        memeCoins: 9,
        swipedCount: 3,
        balanceVersion: 5,
        hasTon: true,
      }),
    ).toEqual({ hasTon: true });
    // An optimistic guess carries no version.
    expect(keepNewerBalances(TEST_USER, { swipes: 59 })).toEqual({ swipes: 59 });
  });

  it('a refetched user keeps the cached balances when those are newer (a push came meanwhile)', () => {
    const cached = { ...TEST_USER, swipes: 58, memeCoins: 4, balanceVersion: 7 };
    const fetched = { ...TEST_USER, swipes: 59, memeCoins: 2, balanceVersion: 6, tasksCount: 1 };
    expect(withNewerBalances(fetched, cached)).toEqual({
      ...fetched,
      swipes: 58,
      memeCoins: 4,
      balanceVersion: 7,
    });
    expect(withNewerBalances({ ...fetched, balanceVersion: 8 }, cached)).toEqual({
      ...fetched,
      balanceVersion: 8,
    });
    // Another player's answer (a new sign-in) is taken whole.
    expect(withNewerBalances({ ...fetched, tgId: 2 }, cached)).toEqual({ ...fetched, tgId: 2 });
  });
});
