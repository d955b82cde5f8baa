/**
 * A premium boost is active while `boostEnds` is in the future (GAME.md "Money-like balances"):
 * premium templates open and earned coins are multiplied. The one rule for the backend (a Date
 * from the database) and the mini app (an ISO string from the API).
 */
export function isBoostActive(boostEnds: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (boostEnds === null || boostEnds === undefined) return false;
  return new Date(boostEnds).getTime() > now.getTime();
}
