import type { BalanceKind } from './entities/ledger-entry.entity.js';

/**
 * Every reason a balance may change, and whether its coins are earned (GAME.md "Decisions": earned
 * coins count in ratings and the airdrop share and are multiplied by m). A module that changes
 * balances for a new reason adds it here; nothing else decides what is earned.
 */
export const LEDGER_REASONS = {
  // Earned.
  /** A swipe made: +1×m coins (and the swipe it costs). */
  swipe: { earned: true },
  /** A like received by the author's meme (swipe like or feed vote): +2×m. */
  like: { earned: true },
  /** The author of the meme of the day: +1000×m. */
  'meme-of-the-day': { earned: true },
  /** A referred friend's first generation succeeded: coins ×m and a credit for the inviter. */
  referral: { earned: true },
  /** A quest's reward. */
  quest: { earned: true },

  // Not earned: money bought, granted or moved between players.
  /** A new user's starting balances. */
  opening: { earned: false },
  /** A generation's charge. */
  generation: { earned: false },
  /** A failed generation's charge coming back. */
  'generation-refund': { earned: false },
  /** Swipes the lazy refill adds (+1 per SWIPE_REFILL_SECONDS up to SWIPES_MAX). */
  'swipe-refill': { earned: false },
  /** A random swipe gift opened (the amount rolled, never multiplied). */
  gift: { earned: false },
  /** A feed vote's stake. */
  vote: { earned: false },
  /** A share of the meme-of-the-day pool paid to a winning voter. */
  'pool-payout': { earned: false },
  /** A stake returned when its day had no winner or nobody voted for the winner. */
  'stake-refund': { earned: false },
  /** A paid plan (credit pack, boost bonus, swipe pack). */
  purchase: { earned: false },
  /** What a refunded order granted, taken back (clamped at 0). */
  'purchase-refund': { earned: false },
  /** A running purchased boost's credits of the day. */
  'boost-daily-bonus': { earned: false },
  /** A promo code used. */
  promo: { earned: false },
  /** Given by an operator (`npm run admin -- grant`). */
  'admin-grant': { earned: false },
  /** Taken back by an operator or a refunded payment (clamped at 0). */
  revoke: { earned: false },
} as const satisfies Record<string, { earned: boolean }>;

export type LedgerReason = keyof typeof LEDGER_REASONS;

/** Reasons whose coin credits are earned (×m, counted in ratings). */
export type EarnedReason = {
  [R in LedgerReason]: (typeof LEDGER_REASONS)[R]['earned'] extends true ? R : never;
}[LedgerReason];

export function isLedgerReason(value: string): value is LedgerReason {
  return Object.hasOwn(LEDGER_REASONS, value);
}

/** Whether a row of this reason and kind is earned: only coins, only for an earned reason. */
export function isEarned(reason: LedgerReason, kind: BalanceKind): boolean {
  return kind === 'coins' && LEDGER_REASONS[reason].earned;
}
