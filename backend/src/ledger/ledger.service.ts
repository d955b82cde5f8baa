import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { BalanceDto } from '@mememint/contracts';
import { AppConfig } from '../config/app.config.js';
import { hasActiveBoost } from '../users/entities/user.entity.js';
import { BALANCE_KINDS, type BalanceKind } from './entities/ledger-entry.entity.js';
import { InsufficientBalanceError, LedgerUserNotFoundError } from './ledger.errors.js';

export interface BalanceChange {
  kind: BalanceKind;
  /** Positive credits the balance, negative debits it. */
  delta: number;
  /** Coins the user earned (not bought or refunded): multiplied by the earning multiplier. */
  earned?: boolean;
}

export interface LedgerOptions {
  /** Why the balance changes (`opening`, `generation`, `swipe`, `promo`, …); stored on every row. */
  reason: string;
  /** Makes the change one-time per user and kind: a repeat changes nothing and returns the original. */
  idempotencyKey?: string;
  /** A debit larger than the balance takes what is there (clamps at 0) instead of failing. */
  allowPartial?: boolean;
}

export interface LedgerResult {
  /** False when the idempotency key had already been used: nothing changed this time. */
  applied: boolean;
  /** What was (or, on a repeat, had been) written per kind, after the multiplier and clamping. */
  deltas: Partial<Record<BalanceKind, number>>;
  /** The balances after the change (the current ones on a repeat). */
  balances: BalanceDto;
}

export interface Imbalance {
  userId: number;
  kind: BalanceKind;
  balance: number;
  ledgerSum: number;
}

/** Multiplier applied to a user's earned coins (GAME.md: boost active or influencer). */
function earningMultiplier(
  user: { boostEnds: Date | null; infl: boolean },
  boostedMultiplier: number,
  now: Date = new Date(),
): number {
  return hasActiveBoost(user, now) || user.infl ? boostedMultiplier : 1;
}

const COLUMN: Record<BalanceKind, 'generation_limit' | 'meme_coins' | 'swipes'> = {
  credits: 'generation_limit',
  coins: 'meme_coins',
  swipes: 'swipes',
};

interface LockedUserRow {
  generation_limit: number;
  meme_coins: number;
  swipes: number;
  boost_ends: Date | null;
  infl: boolean;
}

function toBalances(row: Pick<LockedUserRow, 'generation_limit' | 'meme_coins' | 'swipes'>): BalanceDto {
  return { generationLimit: row.generation_limit, memeCoins: row.meme_coins, swipes: row.swipes };
}

function balanceOf(row: LockedUserRow, kind: BalanceKind): number {
  return row[COLUMN[kind]];
}

/**
 * The only way `generationLimit`, `memeCoins` and `swipes` change. Each call locks the user's row,
 * updates the balances and writes one ledger row per kind in one transaction, so balances never go
 * below 0, concurrent debits cannot double-spend, and the balance always equals its ledger sum.
 * Pass an EntityManager to join the caller's transaction (a later rollback then undoes the change).
 */
@Injectable()
export class LedgerService {
  private readonly boostedMultiplier: number;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.boostedMultiplier = config.coins.boostedMultiplier;
  }

  async apply(
    userId: number,
    changes: BalanceChange[],
    options: LedgerOptions,
    manager?: EntityManager,
  ): Promise<LedgerResult> {
    this.checkChanges(changes, options);
    if (manager?.queryRunner?.isTransactionActive) return this.applyLocked(manager, userId, changes, options);
    return (manager ?? this.dataSource.manager).transaction((em) =>
      this.applyLocked(em, userId, changes, options),
    );
  }

  addCredits(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'credits', delta: amount }], options, manager);
  }

  spendCredits(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'credits', delta: -amount }], options, manager);
  }

  /** Coins the user earned: `baseAmount` × the earning multiplier. */
  earnCoins(userId: number, baseAmount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'coins', delta: baseAmount, earned: true }], options, manager);
  }

  /** Coins granted as they are (purchases, refunds, returned stakes): no multiplier. */
  addCoins(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'coins', delta: amount }], options, manager);
  }

  spendCoins(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'coins', delta: -amount }], options, manager);
  }

  addSwipes(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'swipes', delta: amount }], options, manager);
  }

  spendSwipes(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'swipes', delta: -amount }], options, manager);
  }

  /** The earning multiplier of a user right now. */
  multiplierFor(user: { boostEnds: Date | null; infl: boolean }, now?: Date): number {
    return earningMultiplier(user, this.boostedMultiplier, now);
  }

  /** Balances that differ from the sum of their ledger rows (empty when the books are right). */
  async findImbalances(userId?: number, manager?: EntityManager): Promise<Imbalance[]> {
    const rows: { user_id: string; kind: BalanceKind; balance: number; ledger_sum: string }[] = await (
      manager ?? this.dataSource.manager
    ).query(
      `SELECT u.tg_id AS user_id, k.kind, k.balance, COALESCE(s.total, 0) AS ledger_sum
         FROM users u
         CROSS JOIN LATERAL (VALUES ('credits'::balance_kind, u.generation_limit),
                                    ('coins'::balance_kind, u.meme_coins),
                                    ('swipes'::balance_kind, u.swipes)) AS k(kind, balance)
         LEFT JOIN LATERAL (SELECT SUM(l.delta) AS total FROM ledger_entries l
                             WHERE l.user_id = u.tg_id AND l.kind = k.kind) s ON true
        WHERE ($1::bigint IS NULL OR u.tg_id = $1)
          AND k.balance <> COALESCE(s.total, 0)
        ORDER BY u.tg_id, k.kind`,
      [userId ?? null],
    );
    return rows.map((row) => ({
      userId: Number(row.user_id),
      kind: row.kind,
      balance: row.balance,
      ledgerSum: Number(row.ledger_sum),
    }));
  }

  private checkChanges(changes: BalanceChange[], options: LedgerOptions): void {
    if (changes.length === 0) throw new Error('A ledger change needs at least one balance.');
    const kinds = new Set(changes.map((change) => change.kind));
    if (kinds.size !== changes.length) throw new Error('A ledger change names a balance twice.');
    for (const change of changes) {
      if (!BALANCE_KINDS.includes(change.kind)) throw new Error(`Unknown balance kind ${change.kind}.`);
      if (!Number.isSafeInteger(change.delta))
        throw new Error(`Ledger delta ${change.delta} is not an integer.`);
      if (change.earned && (change.kind !== 'coins' || change.delta < 0)) {
        throw new Error('Only coins credited to the user can be earned.');
      }
    }
    if (options.reason.length === 0) throw new Error('A ledger change needs a reason.');
  }

  private async applyLocked(
    em: EntityManager,
    userId: number,
    changes: BalanceChange[],
    options: LedgerOptions,
  ): Promise<LedgerResult> {
    // The row lock serializes every balance change of this user, so the checks below cannot race.
    const locked: LockedUserRow[] = await em.query(
      `SELECT generation_limit, meme_coins, swipes, boost_ends, infl FROM users WHERE tg_id = $1 FOR UPDATE`,
      [userId],
    );
    const current = locked[0];
    if (!current) throw new LedgerUserNotFoundError(userId);

    if (options.idempotencyKey !== undefined) {
      const previous: { kind: BalanceKind; delta: number }[] = await em.query(
        `SELECT kind, delta FROM ledger_entries WHERE user_id = $1 AND idempotency_key = $2 AND kind = ANY($3)`,
        [userId, options.idempotencyKey, changes.map((change) => change.kind)],
      );
      if (previous.length > 0) {
        return {
          applied: false,
          deltas: Object.fromEntries(previous.map((row) => [row.kind, row.delta])),
          balances: toBalances(current),
        };
      }
    }

    const multiplier = this.multiplierFor({ boostEnds: current.boost_ends, infl: current.infl });
    const deltas: Partial<Record<BalanceKind, number>> = {};
    for (const change of changes) {
      let delta = change.earned ? change.delta * multiplier : change.delta;
      const available = balanceOf(current, change.kind);
      if (available + delta < 0) {
        if (!options.allowPartial) throw new InsufficientBalanceError(change.kind, -delta, available);
        delta = -available;
      }
      deltas[change.kind] = delta;
    }

    // TypeORM answers an UPDATE … RETURNING with `[rows, affected]`.
    const [updated]: [LockedUserRow[], number] = await em.query(
      `UPDATE users
          SET generation_limit = generation_limit + $2, meme_coins = meme_coins + $3, swipes = swipes + $4
        WHERE tg_id = $1
        RETURNING generation_limit, meme_coins, swipes, boost_ends, infl`,
      [userId, deltas.credits ?? 0, deltas.coins ?? 0, deltas.swipes ?? 0],
    );
    const kinds = Object.keys(deltas) as BalanceKind[];
    await em.query(
      `INSERT INTO ledger_entries (user_id, kind, delta, reason, idempotency_key)
       SELECT $1, kind, delta, $2, $3 FROM unnest($4::balance_kind[], $5::integer[]) AS t(kind, delta)`,
      [userId, options.reason, options.idempotencyKey ?? null, kinds, kinds.map((kind) => deltas[kind])],
    );
    return { applied: true, deltas, balances: toBalances(updated[0]!) };
  }
}
