import type { BalanceKind } from './entities/ledger-entry.entity.js';

/** A debit larger than the balance. Callers turn it into their 400/402 with the game's wording. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly kind: BalanceKind,
    readonly requested: number,
    readonly available: number,
  ) {
    super(`Not enough ${kind}: ${requested} requested, ${available} available.`);
    this.name = 'InsufficientBalanceError';
  }
}

/** The balance owner does not exist. */
export class LedgerUserNotFoundError extends Error {
  constructor(readonly userId: number) {
    super(`User ${userId} does not exist.`);
    this.name = 'LedgerUserNotFoundError';
  }
}
