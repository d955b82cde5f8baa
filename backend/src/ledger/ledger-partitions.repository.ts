import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { AdvisoryLocks } from '../database/advisory-locks.js';

/** How long making a partition waits for the ledger's locks before giving up until the next run. */
const LOCK_TIMEOUT = '5s';

/** The first instant (UTC) of the month `offset` months after `time`'s. */
export function ledgerMonthStart(time: Date, offset = 0): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth() + offset, 1));
}

/** `ledger_entries_2026_11`: the partition of the month starting at `start` (UTC). */
export function ledgerPartitionName(start: Date): string {
  return `ledger_entries_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** One partition of `ledger_entries`: its name and range (`to` exclusive; null for the default one). */
export interface LedgerPartition {
  name: string;
  from: Date | null;
  to: Date | null;
}

/**
 * The monthly partitions of `ledger_entries` (PARTITION BY RANGE on `created_at`, UTC months, plus
 * `ledger_entries_default` for rows of a month not made yet, so an insert never fails).
 */
@Injectable()
export class LedgerPartitionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Makes the partitions of the months starting at `months` that are missing, in one transaction
   * under an advisory lock (another process at it: nothing, answers null). A month's rows that went
   * to the default partition meanwhile move to the new one, which is then attached (attaching locks
   * the default partition, not the ledger, and takes at most LOCK_TIMEOUT to get its locks). Answers
   * the partitions it made.
   */
  async ensureMonths(months: readonly Date[]): Promise<string[] | null> {
    return this.dataSource.transaction(async (em) => {
      const [{ locked }]: { locked: boolean }[] = await em.query(
        'SELECT pg_try_advisory_xact_lock($1, $2) AS locked',
        [...AdvisoryLocks.ledgerPartitions],
      );
      if (!locked) return null;
      await em.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const made: string[] = [];
      for (const month of months) {
        const from = ledgerMonthStart(month);
        const to = ledgerMonthStart(month, 1);
        const name = ledgerPartitionName(from);
        const [{ exists }]: { exists: boolean }[] = await em.query(
          'SELECT to_regclass($1) IS NOT NULL AS exists',
          [name],
        );
        if (exists) continue;
        await em.query(`CREATE TABLE "${name}" (LIKE ledger_entries INCLUDING DEFAULTS)`);
        await em.query(
          `WITH moved AS (
             DELETE FROM ledger_entries_default WHERE created_at >= $1 AND created_at < $2 RETURNING *)
           INSERT INTO "${name}" SELECT * FROM moved`,
          [from, to],
        );
        await em.query(
          `ALTER TABLE ledger_entries ATTACH PARTITION "${name}"
             FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
        );
        made.push(name);
      }
      return made;
    });
  }

  /** Rows in the default partition (rows of a month with no partition yet; none when all is well). */
  async defaultRows(): Promise<number> {
    const [{ rows }]: { rows: number }[] = await this.dataSource.query(
      'SELECT count(*)::integer AS rows FROM ledger_entries_default',
    );
    return rows;
  }

  /** Every partition of the ledger, in range order (the default one last). */
  async list(): Promise<LedgerPartition[]> {
    const rows: { name: string; bound: string }[] = await this.dataSource.query(
      `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'ledger_entries'::regclass`,
    );
    const partitions = rows.map(({ name, bound }): LedgerPartition => {
      const range = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(bound);
      return {
        name,
        from: range ? new Date(range[1]!) : null,
        to: range ? new Date(range[2]!) : null,
      };
    });
    return partitions.sort((a, b) => (a.from?.getTime() ?? Infinity) - (b.from?.getTime() ?? Infinity));
  }
}
