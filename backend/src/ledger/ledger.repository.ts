import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BalanceDto } from '@mememint/contracts';

import { PreparedQueries } from '../database/prepared-queries.js';
import type { BalanceKind } from './entities/ledger-entry.entity.js';
import type { LedgerReason } from './ledger-reasons.js';

/** A balance owner's row, locked until the transaction ends. */
export interface LockedUser {
  balances: BalanceDto;
  boostEnds: Date | null;
  infl: boolean;
}

/** Where a one-time change is (or would be) written: unique per user, kind and key. */
export interface LedgerKey {
  userId: number;
  kind: BalanceKind;
  idempotencyKey: string;
}

export interface LedgerRow {
  userId: number;
  kind: BalanceKind;
  delta: number;
  reason: LedgerReason;
  earned: boolean;
  idempotencyKey: string | null;
}

/** One user's earned coins over a time range (what a rating rebuild reads). */
export interface EarnedTotal {
  userId: number;
  coins: number;
  /** When their last earned row of the range was written. */
  lastAt: Date;
}

export interface Imbalance {
  userId: number;
  kind: BalanceKind;
  balance: number;
  ledgerSum: number;
}

/**
 * A caller's single statement that carries its users' ledger rows (LedgerService.applyInStatement):
 * the caller's CTEs run after `ledger_users` (the users' rows, locked in id order: every `users`
 * column) and decide which rows `entries` yields. Parameters are named (`:name`); the ledger's own
 * start with `ledger`.
 */
export interface LedgerStatement {
  /** The users whose rows the statement locks and whose ledgers it may write: one answer row each. */
  userIds: readonly number[];
  /** The caller's CTEs, `name AS (…), …` (they may read `ledger_users`). */
  ctes: string;
  /**
   * A SELECT of the rows to write, columns `(user_id, kind, delta, reason)`, deltas as `apply` takes
   * them (earned coins before the multiplier); rows of delta 0 are left out. The caller guards its
   * debits (the users CHECK constraint backs that up: a debit past 0 fails the statement).
   */
  entries: string;
  /** The reasons `entries` may name: a row of another reason fails the statement. */
  reasons: readonly LedgerReason[];
  /**
   * More `users` columns the ledger's UPDATE sets on a user it writes rows for (`u` is the row): a row
   * can be updated only once per statement, so counters kept beside the balances go here.
   */
  set?: string;
  /**
   * The caller's answer columns, one row per user: over `ledger_users` (the user's row as it was
   * locked) and, as scalar subqueries correlated on `ledger_users.tg_id`, its CTEs.
   */
  select: string;
  parameters: Record<string, unknown>;
}

/** What the ledger adds to each answer row of a LedgerStatement. */
export interface LedgerStatementColumns {
  /** The user the row answers for (bigint, as text). */
  ledger_user_id: string;
  ledger_entries: Omit<LedgerRow, 'userId' | 'idempotencyKey'>[] | null;
  ledger_written_at: Date | null;
  ledger_generation_limit: number | null;
  ledger_meme_coins: number | null;
  ledger_swipes: number | null;
  /** bigint, as text. */
  ledger_balance_version: string | null;
}

interface BalanceRow {
  tg_id: string;
  generation_limit: number;
  meme_coins: number;
  swipes: number;
  /** bigint, as text. */
  balance_version: string;
}

function toBalances(row: BalanceRow): BalanceDto {
  return {
    generationLimit: row.generation_limit,
    memeCoins: row.meme_coins,
    swipes: row.swipes,
    balanceVersion: Number(row.balance_version),
  };
}

/**
 * The ledger's SQL. Every statement takes the caller's EntityManager, so the service composes them
 * in one transaction; each handles any number of users or rows in one round trip.
 */
@Injectable()
export class LedgerRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly prepared: PreparedQueries,
  ) {}

  /** Runs `work` in `manager`'s transaction when it is in one, else in a new transaction. */
  transaction<T>(manager: EntityManager | undefined, work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (manager?.queryRunner?.isTransactionActive) return work(manager);
    return (manager ?? this.dataSource.manager).transaction(work);
  }

  /**
   * Locks the users' rows (in id order, so two callers locking overlapping sets cannot deadlock)
   * and reads their balances and what their earning multiplier depends on. Missing users are absent.
   * FOR NO KEY UPDATE, the lock the balance UPDATE takes anyway: it queues ledger changes of a user
   * but not the foreign-key share lock that the caller's own row (a vote, a promo use) took on the
   * user earlier in the transaction, so two such transactions never wait on each other in a cycle.
   */
  async lockUsers(em: EntityManager, userIds: readonly number[]): Promise<Map<number, LockedUser>> {
    const rows: (BalanceRow & { boost_ends: Date | null; infl: boolean })[] = await em.query(
      `SELECT tg_id, generation_limit, meme_coins, swipes, balance_version, boost_ends, infl
         FROM users WHERE tg_id = ANY($1::bigint[]) ORDER BY tg_id FOR NO KEY UPDATE`,
      [userIds],
    );
    return new Map(
      rows.map((row) => [
        Number(row.tg_id),
        { balances: toBalances(row), boostEnds: row.boost_ends, infl: row.infl },
      ]),
    );
  }

  /** The rows already written under these keys, with their deltas (outside a transaction: em undefined). */
  async findWritten(
    em: EntityManager | undefined,
    keys: readonly LedgerKey[],
  ): Promise<(LedgerKey & { delta: number })[]> {
    if (keys.length === 0) return [];
    const rows: { user_id: string; kind: BalanceKind; idempotency_key: string; delta: number }[] = await (
      em ?? this.dataSource.manager
    ).query(
      // The key table answers which keys are taken in any month; the entry (found in its month's
      // partition by its primary key) what they gave.
      `SELECT k.user_id, k.kind, k.idempotency_key, l.delta
           FROM unnest($1::bigint[], $2::balance_kind[], $3::varchar[]) AS q(user_id, kind, idempotency_key)
           JOIN ledger_keys k USING (user_id, kind, idempotency_key)
           JOIN ledger_entries l ON l.id = k.entry_id AND l.created_at = k.created_at`,
      [keys.map((key) => key.userId), keys.map((key) => key.kind), keys.map((key) => key.idempotencyKey)],
    );
    return rows.map((row) => ({
      userId: Number(row.user_id),
      kind: row.kind,
      idempotencyKey: row.idempotency_key,
      delta: row.delta,
    }));
  }

  /**
   * Inserts the rows and adds each user's per-kind sums of them to their balances, in one statement;
   * answers the balances after and the rows' `created_at` (the transaction's time). The keyed rows'
   * keys go to `ledger_keys` in the same statement (unique across the monthly partitions). Call it
   * with the users locked and the keys checked: a key that is taken anyway breaks the key table's
   * primary key and fails the transaction rather than paying twice (a plain INSERT, since ON
   * CONFLICT's speculative insertion costs twice as much per row).
   */
  async write(
    em: EntityManager,
    rows: readonly LedgerRow[],
  ): Promise<{ balances: Map<number, BalanceDto>; writtenAt: Date }> {
    // TypeORM answers an UPDATE … RETURNING with `[rows, affected]`.
    const [updated]: [(BalanceRow & { written_at: Date })[], number] = await em.query(
      `WITH inserted AS (
         INSERT INTO ledger_entries (user_id, kind, delta, reason, earned, idempotency_key)
         SELECT * FROM unnest($1::bigint[], $2::balance_kind[], $3::integer[], $4::varchar[], $5::boolean[], $6::varchar[])
         RETURNING id, user_id, kind, delta, idempotency_key, created_at
       ), keys AS (
         INSERT INTO ledger_keys (user_id, kind, idempotency_key, entry_id, created_at)
         SELECT user_id, kind, idempotency_key, id, created_at FROM inserted WHERE idempotency_key IS NOT NULL
       ), totals AS (
         SELECT user_id,
                COALESCE(SUM(delta) FILTER (WHERE kind = 'credits'), 0) AS credits,
                COALESCE(SUM(delta) FILTER (WHERE kind = 'coins'), 0) AS coins,
                COALESCE(SUM(delta) FILTER (WHERE kind = 'swipes'), 0) AS swipes
           FROM inserted GROUP BY user_id
       )
       UPDATE users u
          SET generation_limit = u.generation_limit + t.credits,
              meme_coins = u.meme_coins + t.coins,
              swipes = u.swipes + t.swipes,
              balance_version = u.balance_version + 1
         FROM totals t
        WHERE u.tg_id = t.user_id
       RETURNING u.tg_id, u.generation_limit, u.meme_coins, u.swipes, u.balance_version, now() AS written_at`,
      [
        rows.map((row) => row.userId),
        rows.map((row) => row.kind),
        rows.map((row) => row.delta),
        rows.map((row) => row.reason),
        rows.map((row) => row.earned),
        rows.map((row) => row.idempotencyKey),
      ],
    );
    return {
      balances: new Map(updated.map((row) => [Number(row.tg_id), toBalances(row)])),
      writtenAt: updated[0]!.written_at,
    };
  }

  /**
   * Runs a caller's statement with the ledger's part in it, one round trip for any number of users:
   * their rows locked first (in id order, as every multi-user lock here, so two statements never
   * wait on each other in a cycle), the caller's CTEs, then the rows inserted (earned coins ×
   * `boosted` while the user's boost runs at `now` or they are an influencer, as
   * LedgerService.multiplierFor) and their sums added to each user's balances in one UPDATE of the
   * row. Without a transaction the statement is its own. Answers the caller's columns and the
   * ledger's, one row per user that exists.
   */
  async writeInStatement<R extends object>(
    em: EntityManager | undefined,
    statement: LedgerStatement,
    multiplier: { boosted: number; now: Date; earnedReasons: readonly string[] },
  ): Promise<(R & LedgerStatementColumns)[]> {
    return this.prepared.query(
      `WITH ledger_users AS MATERIALIZED (
              SELECT * FROM users WHERE tg_id = ANY(:ledgerUserIds::bigint[]) ORDER BY tg_id FOR NO KEY UPDATE),
            ${statement.ctes},
            ledger_rows AS (
              SELECT r.user_id::bigint AS user_id, r.kind::balance_kind AS kind, r.delta::integer AS delta,
                     -- NULL (refused by the NOT NULL column) when the caller did not declare the reason
                     CASE WHEN r.reason = ANY(:ledgerReasons::varchar[]) THEN r.reason::varchar END AS reason
                FROM (${statement.entries}) AS r
               WHERE r.delta <> 0),
            ledger_inserted AS (
              INSERT INTO ledger_entries (user_id, kind, delta, reason, earned)
              SELECT u.tg_id, r.kind,
                     CASE WHEN r.kind = 'coins' AND r.reason = ANY(:ledgerEarned::varchar[])
                               AND (u.infl OR u.boost_ends > :ledgerNow::timestamptz)
                          THEN r.delta * :ledgerBoosted::integer ELSE r.delta END,
                     r.reason, r.kind = 'coins' AND r.reason = ANY(:ledgerEarned::varchar[])
                FROM ledger_rows r JOIN ledger_users u ON u.tg_id = r.user_id
              RETURNING user_id, kind, delta, reason, earned, created_at),
            ledger_balances AS (
              UPDATE users u
                 SET generation_limit = u.generation_limit + t.credits,
                     meme_coins = u.meme_coins + t.coins,
                     swipes = u.swipes + t.swipes,
                     balance_version = u.balance_version + 1${statement.set ? `,\n${statement.set}` : ''}
                FROM (SELECT user_id,
                             COALESCE(SUM(delta) FILTER (WHERE kind = 'credits'), 0) AS credits,
                             COALESCE(SUM(delta) FILTER (WHERE kind = 'coins'), 0) AS coins,
                             COALESCE(SUM(delta) FILTER (WHERE kind = 'swipes'), 0) AS swipes
                        FROM ledger_inserted GROUP BY user_id) t
               WHERE u.tg_id = t.user_id
              RETURNING u.tg_id, u.generation_limit, u.meme_coins, u.swipes, u.balance_version)
       SELECT ${statement.select},
              ledger_users.tg_id AS ledger_user_id,
              (SELECT json_agg(json_build_object('kind', kind, 'delta', delta, 'reason', reason, 'earned', earned))
                 FROM ledger_inserted i WHERE i.user_id = ledger_users.tg_id) AS ledger_entries,
              (SELECT max(created_at) FROM ledger_inserted i WHERE i.user_id = ledger_users.tg_id) AS ledger_written_at,
              b.generation_limit AS ledger_generation_limit, b.meme_coins AS ledger_meme_coins,
              b.swipes AS ledger_swipes, b.balance_version AS ledger_balance_version
         FROM ledger_users LEFT JOIN ledger_balances b ON b.tg_id = ledger_users.tg_id`,
      {
        ...statement.parameters,
        ledgerUserIds: statement.userIds,
        ledgerReasons: statement.reasons,
        ledgerEarned: multiplier.earnedReasons,
        ledgerNow: multiplier.now,
        ledgerBoosted: multiplier.boosted,
      },
      em,
    );
  }

  /** The manager a change without a caller's transaction runs on (its after-commit hooks run at once). */
  managerOf(em: EntityManager | undefined): EntityManager {
    return em ?? this.dataSource.manager;
  }

  /**
   * Earned coins per user from `from` (inclusive) to `to` (exclusive), with when each user's last
   * earned row of the range was written; users after `afterUserId` in id order, `limit` at a time.
   */
  async earnedTotals(
    from: Date,
    to: Date | null,
    afterUserId: number,
    limit: number,
  ): Promise<EarnedTotal[]> {
    const rows: { user_id: string; coins: string; last_at: Date }[] = await this.dataSource.query(
      `SELECT user_id, SUM(delta) AS coins, MAX(created_at) AS last_at
         FROM ledger_entries
        WHERE earned AND kind = 'coins' AND user_id > $1
          AND created_at >= $2 AND ($3::timestamptz IS NULL OR created_at < $3)
        GROUP BY user_id ORDER BY user_id LIMIT $4`,
      [afterUserId, from, to, limit],
    );
    return rows.map((row) => ({
      userId: Number(row.user_id),
      coins: Number(row.coins),
      lastAt: row.last_at,
    }));
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
}
