import { createHash, randomBytes } from 'node:crypto';

import pg from 'pg';
import { DataSource } from 'typeorm';

import { MIGRATIONS_TABLE } from '../../src/database/database.options.js';
import { migrations } from '../../src/database/migrations/index.js';
import { runMigrations } from '../../src/database/run-migrations.js';
import { withDatabase } from '../../scripts/local-services.mjs';

/** Serialises template builds across parallel test files and concurrent runs on one server. */
const TEMPLATE_LOCK_KEY = 0x6d6d7470; // "mmtp"
const TEMPLATE_PREFIX = 'mmtest_tpl_';
export const TEST_DATABASE_PREFIX = 'mmtest_';

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections are left. */
  drop(): Promise<void>;
}

export function adminUrl(): string {
  const url = process.env.MM_TEST_ADMIN_URL;
  if (!url) throw new Error('MM_TEST_ADMIN_URL is unset: run the tests through jest (test/global-setup.mjs)');
  return url;
}

export async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, cloned from a template that has every migration applied.
 * The template is named after the migrations it contains, built once (under an advisory lock)
 * and reused by later files and runs until the migrations change. `migrated: false` gives an
 * empty database instead (to watch the app migrate it).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const template = `${TEMPLATE_PREFIX}${migrationsFingerprint()}`;
  const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!migrated) await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  else
    await withAdmin(async (admin) => {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
        if (!rowCount) await buildTemplate(admin, template);
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      } finally {
        await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
      }
    });
  return {
    name,
    url: withDatabase(adminUrl(), name),
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(migration.name).update(migration.toString());
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(admin: pg.Client, template: string): Promise<void> {
  const building = `${template}_building`;
  await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${building}"`);
  const dataSource = await new DataSource({
    type: 'postgres',
    url: withDatabase(adminUrl(), building),
    migrations,
    migrationsTableName: MIGRATIONS_TABLE,
  }).initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
  await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
  // Templates of older migration sets are dead weight now.
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname <> $1`,
    [template],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
}
