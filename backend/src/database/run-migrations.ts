import type { DataSource, Migration } from 'typeorm';

/** Arbitrary but fixed: every replica asks PostgreSQL for this advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 0x6d656d65; // "meme"

/**
 * Applies pending migrations while holding a session-level advisory lock, so replicas starting
 * together migrate one after the other (the later ones find nothing pending).
 */
export async function runMigrations(dataSource: DataSource): Promise<Migration[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}
