// Finds the PostgreSQL server the e2e tests use, once per `jest` run: TEST_DATABASE_URL (an admin
// URL), else the local server on 5432 if it answers, else an embedded one in a temporary directory.
// Test files read the result from MM_TEST_ADMIN_URL (workers inherit the environment).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { postgresAnswers, startEmbeddedPostgres } from '../scripts/local-services.mjs';

const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Per-file databases (`mmtest_<base-36 ms>_<hex>`) left by runs that crashed are dropped after this. */
const LEFTOVER_AGE_MS = 2 * 60 * 60 * 1000;

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.MM_TEST_ADMIN_URL = process.env.TEST_DATABASE_URL;
  } else if (await postgresAnswers(LOCAL_ADMIN_URL)) {
    process.env.MM_TEST_ADMIN_URL = LOCAL_ADMIN_URL;
  } else {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mm-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    globalThis.mmEmbeddedPostgres = server;
    process.env.MM_TEST_ADMIN_URL = server.url;
  }
  await dropLeftoverDatabases(process.env.MM_TEST_ADMIN_URL);
}

async function dropLeftoverDatabases(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT datname FROM pg_database WHERE datname ~ '^mmtest_[0-9a-z]{8,}_[0-9a-f]{8}$'`,
    );
    for (const { datname } of rows) {
      const createdAt = parseInt(datname.split('_')[1], 36);
      if (Date.now() - createdAt > LEFTOVER_AGE_MS) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  } finally {
    await client.end();
  }
}
