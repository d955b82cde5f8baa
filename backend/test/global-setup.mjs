// Finds the PostgreSQL server the e2e tests use, once per `jest` run: TEST_DATABASE_URL (an admin
// URL), else the local server on 5432 if it answers, else an embedded one in a temporary directory.
// Test files read the result from MM_TEST_ADMIN_URL (workers inherit the environment).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { postgresAnswers, startEmbeddedPostgres } from '../../scripts/lib/services.mjs';

const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

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
}
