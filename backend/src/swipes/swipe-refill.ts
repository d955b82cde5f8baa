/** The lazy refill's state: the balance and the instant its refill clock started. */
export interface RefillState {
  swipes: number;
  refilledAt: Date;
}

export interface Refill {
  /** Swipes the elapsed time adds (0 when full or too soon). */
  added: number;
  /** The refill clock after adding them (now when the bar is full: a full bar does not accrue). */
  refilledAt: Date;
  /** When the next swipe refills; null when the bar is full. */
  nextRefillAt: Date | null;
}

/**
 * GAME.md "Swipes": +1 every `periodMs` up to `max`, computed from a timestamp, never cutting a
 * purchased excess. Time left over past the last whole period carries to the next one.
 */
export function refillSwipes(state: RefillState, now: Date, max: number, periodMs: number): Refill {
  if (state.swipes >= max) return { added: 0, refilledAt: now, nextRefillAt: null };
  const elapsed = Math.max(0, now.getTime() - state.refilledAt.getTime());
  const added = Math.min(max - state.swipes, Math.floor(elapsed / periodMs));
  if (state.swipes + added >= max) return { added, refilledAt: now, nextRefillAt: null };
  const refilledAt = new Date(state.refilledAt.getTime() + added * periodMs);
  return { added, refilledAt, nextRefillAt: new Date(refilledAt.getTime() + periodMs) };
}
