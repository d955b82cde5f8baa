import type { GiftKind } from '@mememint/contracts';

import type { AppConfig } from '../config/app.config.js';

export interface RolledGift {
  kind: GiftKind;
  /** Coins, credits or swipes; days for a boost. */
  amount: number;
}

/**
 * Picks a gift kind by its weight and its amount (GAME.md "Swipes": coins 50–500, 1 credit,
 * 10 swipes, 1 day of boost by default). `random` returns [0, 1).
 */
export function rollGift(swipes: AppConfig['swipes'], random: () => number): RolledGift {
  const weights = Object.entries(swipes.giftWeights) as [GiftKind, number][];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let pick = random() * total;
  let kind: GiftKind = 'coins';
  for (const [candidate, weight] of weights) {
    if (weight > 0 && pick < weight) {
      kind = candidate;
      break;
    }
    pick -= weight;
  }
  switch (kind) {
    case 'coins': {
      const span = swipes.giftCoinsMax - swipes.giftCoinsMin + 1;
      return { kind, amount: swipes.giftCoinsMin + Math.floor(random() * span) };
    }
    case 'credits':
      return { kind, amount: swipes.giftCredits };
    case 'swipes':
      return { kind, amount: swipes.giftSwipes };
    case 'boost':
      return { kind, amount: swipes.giftBoostDays };
  }
}
