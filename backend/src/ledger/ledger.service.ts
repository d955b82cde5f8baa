import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type BalanceDto, isBoostActive } from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { isDeadlock } from '../database/deadlock.js';
import { TransactionHooks } from '../database/transaction-hooks.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { BALANCE_KINDS, type BalanceKind } from './entities/ledger-entry.entity.js';
import { InsufficientBalanceError, LedgerUserNotFoundError } from './ledger.errors.js';
import { type BalancesChanged, LedgerEvents, type LedgerEntryWritten } from './ledger-events.js';
import {
  type EarnedReason,
  isEarned,
  isLedgerReason,
  LEDGER_REASONS,
  type LedgerReason,
} from './ledger-reasons.js';
import {
  type EarnedTotal,
  type Imbalance,
  type LedgerRow,
  LedgerRepository,
  type LedgerStatement,
  type LockedUser,
} from './ledger.repository.js';

export type { EarnedTotal, Imbalance, LedgerStatement } from './ledger.repository.js';

/** Runs of a statement that PostgreSQL made a deadlock's victim (applyInStatement). */
const DEADLOCK_ATTEMPTS = 3;

/** Reasons whose coins are earned, as the ledger's SQL reads them. */
const EARNED_REASONS = Object.entries(LEDGER_REASONS)
  .filter(([, reason]) => reason.earned)
  .map(([name]) => name);

export interface BalanceChange {
  kind: BalanceKind;
  /**
   * Positive credits the balance, negative debits it. Coins of an earned reason (LEDGER_REASONS)
   * are the base amount: the ledger multiplies them by the user's earning multiplier.
   */
  delta: number;
}

export interface LedgerOptions<R extends LedgerReason = LedgerReason> {
  /** Why the balance changes; stored on every row and decides which rows are earned. */
  reason: R;
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

/** One change of a bulk apply: one row, one-time under its key. */
export interface LedgerEntryRequest extends BalanceChange {
  userId: number;
  reason: LedgerReason;
  /** Unique per user and kind, e.g. `settlement:2025-01-31`: a rerun of the batch skips the entry. */
  idempotencyKey: string;
}

export interface BulkLedgerOptions {
  /** A debit larger than the balance takes what is there (clamps at 0) instead of failing the batch. */
  allowPartial?: boolean;
}

export interface BulkLedgerResult {
  /** Rows written by this call. */
  written: number;
  /** Entries whose key was already used (before, or earlier in the same batch): nothing changed. */
  skipped: number;
  /** The balances after, of every user this call changed. */
  balances: Map<number, BalanceDto>;
}

type UnearnedReason = Exclude<LedgerReason, EarnedReason>;

/** The user-row field of each balance kind. */
const BALANCE_FIELD: Record<BalanceKind, keyof BalanceDto> = {
  credits: 'generationLimit',
  coins: 'memeCoins',
  swipes: 'swipes',
};

function checkChange(change: BalanceChange, reason: LedgerReason): void {
  if (!BALANCE_KINDS.includes(change.kind)) throw new Error(`Unknown balance kind ${change.kind}.`);
  if (!Number.isSafeInteger(change.delta)) throw new Error(`Ledger delta ${change.delta} is not an integer.`);
  if (!isLedgerReason(reason)) throw new Error(`Unknown ledger reason ${reason}.`);
  if (isEarned(reason, change.kind) && change.delta < 0) {
    throw new Error(`Only coins credited to the user can be earned (${reason} ${change.delta}).`);
  }
}

function toEntryWritten({ kind, delta, reason, earned }: LedgerRow): LedgerEntryWritten {
  return { kind, delta, reason, earned };
}

/**
 * The only way `generationLimit`, `memeCoins` and `swipes` change. A change locks its users' rows,
 * writes one ledger row per balance and adds them to the balances in one transaction, so balances
 * never go below 0, concurrent debits cannot double-spend, and a balance always equals its ledger
 * sum. Pass an EntityManager to join the caller's transaction (a later rollback undoes the change).
 * Once the transaction commits, LedgerEvents tells every listener what changed.
 */
@Injectable()
export class LedgerService {
  private readonly boostedMultiplier: number;

  constructor(
    private readonly repository: LedgerRepository,
    private readonly hooks: TransactionHooks,
    private readonly events: LedgerEvents,
    config: AppConfig,
    // Absent in the operator CLI, which serves no metrics.
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.boostedMultiplier = config.coins.boostedMultiplier;
  }

  /** Changes one user's balances together: all of them or none. */
  async apply(
    userId: number,
    changes: BalanceChange[],
    options: LedgerOptions,
    manager?: EntityManager,
  ): Promise<LedgerResult> {
    if (changes.length === 0) throw new Error('A ledger change needs at least one balance.');
    if (new Set(changes.map((change) => change.kind)).size !== changes.length) {
      throw new Error('A ledger change names a balance twice.');
    }
    for (const change of changes) checkChange(change, options.reason);
    const key = options.idempotencyKey;

    return this.repository.transaction(manager, async (em) => {
      // The row lock serializes every balance change of this user, so the checks below cannot race.
      const user = (await this.repository.lockUsers(em, [userId])).get(userId);
      if (!user) throw new LedgerUserNotFoundError(userId);
      if (key !== undefined) {
        const previous = await this.repository.findWritten(
          em,
          changes.map(({ kind }) => ({ userId, kind, idempotencyKey: key })),
        );
        if (previous.length > 0) {
          return {
            applied: false,
            deltas: Object.fromEntries(previous.map((row) => [row.kind, row.delta])),
            balances: user.balances,
          };
        }
      }
      const rows = changes.map((change) =>
        this.toRow(user, { ...change, userId, reason: options.reason }, key ?? null, options.allowPartial),
      );
      const written = await this.repository.write(em, rows);
      const balances = written.balances.get(userId)!;
      this.announce(em, [{ userId, balances, entries: rows.map(toEntryWritten), at: written.writtenAt }]);
      return {
        applied: true,
        deltas: Object.fromEntries(rows.map((row) => [row.kind, row.delta])),
        balances,
      };
    });
  }

  /**
   * Set-based work (a day's settlement, batched author credits): any number of entries for any
   * users, in one transaction and a fixed number of statements. Each entry is one-time under its
   * key, so a rerun, or a rerun after a crash, writes only what is missing and never pays twice.
   * Entries of one user apply in the given order; a debit the balance cannot cover fails the whole
   * batch (InsufficientBalanceError), or with `allowPartial` clamps at 0.
   */
  async applyBulk(
    entries: readonly LedgerEntryRequest[],
    options: BulkLedgerOptions = {},
    manager?: EntityManager,
  ): Promise<BulkLedgerResult> {
    for (const entry of entries) {
      checkChange(entry, entry.reason);
      if (!Number.isSafeInteger(entry.userId)) throw new Error(`Ledger user ${entry.userId} is not an id.`);
      if (!entry.idempotencyKey) throw new Error('A bulk ledger entry needs an idempotency key.');
    }
    if (entries.length === 0) return { written: 0, skipped: 0, balances: new Map() };

    return this.repository.transaction(manager, async (em) => {
      const userIds = [...new Set(entries.map((entry) => entry.userId))];
      const users = await this.repository.lockUsers(em, userIds);
      const missing = userIds.find((id) => !users.has(id));
      if (missing !== undefined) throw new LedgerUserNotFoundError(missing);

      const keyOf = (key: { userId: number; kind: BalanceKind; idempotencyKey: string }) =>
        `${key.userId}\u0000${key.kind}\u0000${key.idempotencyKey}`;
      const used = new Set((await this.repository.findWritten(em, entries)).map(keyOf));
      const rows: LedgerRow[] = [];
      for (const entry of entries) {
        const key = keyOf(entry);
        if (used.has(key)) continue;
        used.add(key);
        rows.push(this.toRow(users.get(entry.userId)!, entry, entry.idempotencyKey, options.allowPartial));
      }
      if (rows.length === 0) return { written: 0, skipped: entries.length, balances: new Map() };

      const { balances, writtenAt } = await this.repository.write(em, rows);
      const changed = new Map<number, BalancesChanged>();
      for (const row of rows) {
        const change = changed.get(row.userId);
        const entry = toEntryWritten(row);
        if (change) change.entries.push(entry);
        else
          changed.set(row.userId, {
            userId: row.userId,
            balances: balances.get(row.userId)!,
            entries: [entry],
            at: writtenAt,
          });
      }
      this.announce(em, changed.values());
      return { written: rows.length, skipped: entries.length - rows.length, balances };
    });
  }

  /**
   * Changes decided inside the caller's own single statement, for one user or a batch of users (a
   * batch of swipes: each swipe row, refill, spend, coins, gift and like, all in one round trip, with
   * no transaction around it). The caller's CTEs see the users' rows locked and yield the rows; the
   * ledger writes them (earned coins × m, as `apply`) and adds them to the balances in the same
   * statement, so the books stay as exact as `apply`'s. Answers, per user that exists, the caller's
   * columns and the change (null when the caller's CTEs wrote no row for them). No idempotency key:
   * callers make it one-time by a unique row of their own (the swipe's (user, meme) key).
   */
  async applyInStatement<R extends object>(
    statement: LedgerStatement,
    manager?: EntityManager,
  ): Promise<Map<number, { row: R; change: LedgerResult | null }>> {
    for (const reason of statement.reasons)
      if (!isLedgerReason(reason)) throw new Error(`Unknown ledger reason ${reason}.`);
    const write = () =>
      this.repository.writeInStatement<R>(manager, statement, {
        boosted: this.boostedMultiplier,
        now: new Date(),
        earnedReasons: EARNED_REASONS,
      });
    let rows: Awaited<ReturnType<typeof write>>;
    for (let attempt = 1; ; attempt++) {
      try {
        rows = await write();
        break;
      } catch (error) {
        // Its users are locked in id order, but a transaction that locked two of them the other way
        // (the settlement pays the winner's author, then the voters) can make it a deadlock's victim:
        // as its own transaction it was rolled back whole, so it runs again.
        if (manager?.queryRunner?.isTransactionActive || attempt === DEADLOCK_ATTEMPTS || !isDeadlock(error))
          throw error;
      }
    }
    const answers = new Map<number, { row: R; change: LedgerResult | null }>();
    const changes: BalancesChanged[] = [];
    for (const row of rows) {
      const userId = Number(row.ledger_user_id);
      const { ledger_entries: entries, ledger_written_at: at } = row;
      if (!entries?.length || !at) {
        answers.set(userId, { row, change: null });
        continue;
      }
      const balances: BalanceDto = {
        generationLimit: row.ledger_generation_limit!,
        memeCoins: row.ledger_meme_coins!,
        swipes: row.ledger_swipes!,
        balanceVersion: Number(row.ledger_balance_version),
      };
      changes.push({ userId, balances, entries, at: new Date(at) });
      const deltas: Partial<Record<BalanceKind, number>> = {};
      for (const entry of entries) deltas[entry.kind] = (deltas[entry.kind] ?? 0) + entry.delta;
      answers.set(userId, { row, change: { applied: true, deltas, balances } });
    }
    if (changes.length) this.announce(this.repository.managerOf(manager), changes);
    return answers;
  }

  addCredits(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'credits', delta: amount }], options, manager);
  }

  spendCredits(userId: number, amount: number, options: LedgerOptions, manager?: EntityManager) {
    return this.apply(userId, [{ kind: 'credits', delta: -amount }], options, manager);
  }

  /** Coins the user earned (an earned reason): `baseAmount` × the earning multiplier. */
  earnCoins(
    userId: number,
    baseAmount: number,
    options: LedgerOptions<EarnedReason>,
    manager?: EntityManager,
  ) {
    return this.apply(userId, [{ kind: 'coins', delta: baseAmount }], options, manager);
  }

  /** Coins granted as they are (purchases, refunds, returned stakes): no multiplier. */
  addCoins(userId: number, amount: number, options: LedgerOptions<UnearnedReason>, manager?: EntityManager) {
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

  /** The earning multiplier of a user right now (GAME.md: boost active or influencer). */
  multiplierFor(user: { boostEnds: Date | null; infl: boolean }, now?: Date): number {
    return isBoostActive(user.boostEnds, now) || user.infl ? this.boostedMultiplier : 1;
  }

  /**
   * Earned coins per user over `[from, to)` (to null: up to now), in user order after `afterUserId`,
   * `limit` users at a time: the ratings are rebuilt from these.
   */
  earnedTotals(from: Date, to: Date | null, afterUserId: number, limit: number): Promise<EarnedTotal[]> {
    return this.repository.earnedTotals(from, to, afterUserId, limit);
  }

  /** The delta written under this key (what a keyed grant gave), null when nothing was. */
  async writtenUnder(userId: number, kind: BalanceKind, idempotencyKey: string): Promise<number | null> {
    const [row] = await this.repository.findWritten(undefined, [{ userId, kind, idempotencyKey }]);
    return row ? row.delta : null;
  }

  /** Balances that differ from the sum of their ledger rows (empty when the books are right). */
  findImbalances(userId?: number, manager?: EntityManager): Promise<Imbalance[]> {
    return this.repository.findImbalances(userId, manager);
  }

  /**
   * The row a change writes: earned coins multiplied, a debit checked against (and taken from) the
   * locked user's running balance.
   */
  private toRow(
    user: LockedUser,
    change: BalanceChange & { userId: number; reason: LedgerReason },
    idempotencyKey: string | null,
    allowPartial = false,
  ): LedgerRow {
    const earned = isEarned(change.reason, change.kind);
    let delta = earned ? change.delta * this.multiplierFor(user) : change.delta;
    const field = BALANCE_FIELD[change.kind];
    const available = user.balances[field];
    if (available + delta < 0) {
      if (!allowPartial) throw new InsufficientBalanceError(change.kind, -delta, available);
      delta = 0 - available; // (not -0 when nothing is left)
    }
    user.balances[field] = available + delta;
    return { userId: change.userId, kind: change.kind, delta, reason: change.reason, earned, idempotencyKey };
  }

  /** Once committed: the listeners hear of it and `mememint_ledger_writes_total{reason}` counts it. */
  private announce(em: EntityManager, changes: Iterable<BalancesChanged>): void {
    const committed = [...changes];
    this.hooks.afterCommit(em, () => {
      const byReason = new Map<string, number>();
      for (const change of committed)
        for (const entry of change.entries) byReason.set(entry.reason, (byReason.get(entry.reason) ?? 0) + 1);
      for (const [reason, entries] of byReason) this.metrics?.countLedgerWrites(reason, entries);
      // Told in slices after the commit; a failing listener is logged there, never the writer's.
      void this.events.publish(committed);
    });
  }
}
