/**
 * Runs a backend command (the admin and migration commands of package.json) against the database
 * `npm start` uses when DATABASE_URL is unset, so that after `npm start` a newcomer's
 * `npm run admin -w backend -- grant <tgId>` needs no URL:
 *   node --import @swc-node/register/esm-register src/database/local-database.cli.ts <script> [args…]
 * The launcher's embedded PostgreSQL (MEMEMINT_DATA_DIR, default `.data`) is used where it runs, or
 * started for the command and stopped after it; with no such data the command runs as it is (and
 * says what it needs). With DATABASE_URL set, nothing changes.
 */
import { spawn } from 'node:child_process';

import { localDataDir, localPostgres } from './local-postgres.mjs';

async function main(): Promise<number> {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error('Usage: local-database.cli.ts <script> [args…]');
    return 2;
  }
  const env = { ...process.env };
  const database = env.DATABASE_URL
    ? null
    : await localPostgres({ dataDir: localDataDir(env), create: false });
  if (database) {
    env.DATABASE_URL = database.url;
    console.error(
      `DATABASE_URL is unset: using the database of npm start (${database.started ? 'started for this command' : 'running'}).`,
    );
  } else if (!env.DATABASE_URL) {
    console.error(`DATABASE_URL is unset and ${localDataDir(env)} holds no database of npm start.`);
  }
  try {
    // The command runs in its own process, with this one's loader (TypeScript) and the URL.
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], { stdio: 'inherit', env });
    return await new Promise<number>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
    );
  } finally {
    await database?.stop();
  }
}

process.exitCode = await main();
