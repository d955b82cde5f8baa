import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Redis } from 'ioredis';
import pg from 'pg';

import { waitForHealth } from '../../scripts/lib/health.mjs';

export const FRONTEND_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(FRONTEND_DIR, '..');
export const OUTPUT_DIR = join(FRONTEND_DIR, 'e2e', 'output');
/** The project's labelled real photos (`<repo>/testdata/faces`, licences in its LICENSES.md). */
export const FACES_DIR = join(REPO_ROOT, 'testdata', 'faces');

/** Admin connection the test database is created on (dropped again at the end). */
const ADMIN_DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A Redis database of its own, so other runs' queues and workers never meet ours. */
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
/** Telegram id the e2e makes admin (it uploads a template like an operator would). */
export const ADMIN_TG_ID = 990_000_001;

export interface Stack {
  baseUrl: string;
  /** The stack's own database (tests seed what the game needs with it). */
  databaseUrl: string;
  /** Its media directory (the stored images the API serves). */
  mediaDir: string;
  /** `npm run admin -w backend -- <args>` against this stack, as an operator runs it. */
  admin(args: string[]): Promise<{ code: number | null; output: string }>;
  /** Drops one value the API caches in Redis (`key` under its prefix): the next read computes it. */
  forgetCached(key: string): Promise<void>;
  stop(): Promise<void>;
}

async function deleteRedisKeys(pattern: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 500 })) {
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function startProcess(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const log = createWriteStream(join(OUTPUT_DIR, `${name}.log`));
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** The end of a process's log, for an error that CI prints (the log itself stays on its machine). */
function logTail(name: string, lines = 40): string {
  try {
    return readFileSync(join(OUTPUT_DIR, `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

/** Up to 5 minutes: the launcher first builds what is stale, on a machine other runs share. */
async function waitForApp(baseUrl: string, app: ChildProcess): Promise<void> {
  try {
    await waitForHealth(`${baseUrl}/api/health`, {
      timeoutMs: 300_000,
      intervalMs: 500,
      gone: () => (app.exitCode === null ? undefined : `the app exited (${app.exitCode})`),
    });
  } catch (error) {
    // Its last lines may still be on their way through the pipe into the log.
    if (app.exitCode !== null) await new Promise((r) => setTimeout(r, 500));
    throw new Error(`${(error as Error).message}; the end of e2e/output/app.log:\n${logTail('app')}`, {
      cause: error,
    });
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

let stacksStarted = 0;

/**
 * The real app for a browser to drive, started the way a developer starts it (`npm start`: the
 * launcher builds what is stale, then runs the API, which serves the built mini app, and the
 * inference worker), on a free port with a fresh database and a Redis database of its own.
 */
export async function startStack(extraEnv: NodeJS.ProcessEnv = {}): Promise<Stack> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const mediaDir = join(OUTPUT_DIR, 'media');
  mkdirSync(mediaDir, { recursive: true });
  // A second stack of the same process (the bench's A/B) gets names of its own.
  const run = stacksStarted++ === 0 ? `${process.pid}` : `${process.pid}_${stacksStarted}`;
  const database = `mm_frontend_e2e_${run}`;
  // Keys and queues of this run only: a crashed earlier run's jobs never reach this run's worker.
  const redisPrefix = `mm-e2e-${run}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${database}`;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    // The admin's template upload and every player log in through the development login.
    DEV_LOGIN: '1',
    PORT: String(port),
    DATABASE_URL: databaseUrl.href,
    REDIS_URL,
    REDIS_KEY_PREFIX: `${redisPrefix}:`,
    BULL_PREFIX: `${redisPrefix}-bull`,
    MEDIA_DIR: mediaDir,
    ADMIN_TG_IDS: String(ADMIN_TG_ID),
    INFERENCE_HEALTH_PORT: '0',
    INFERENCE_THREADS: '1',
    LOG_LEVEL: 'warn',
    // The host TON Connect's manifest names here (the request's), which a wallet signs its proof for.
    TON_PROOF_DOMAINS: `127.0.0.1:${port}`,
    ...extraEnv,
  };
  const app = startProcess('app', [join(REPO_ROOT, 'scripts', 'start.mjs')], REPO_ROOT, env);

  const stop = async () => {
    await stopProcess(app);
    const cleanup = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
    await deleteRedisKeys(`${redisPrefix}*`);
  };
  try {
    await waitForApp(baseUrl, app);
  } catch (error) {
    await stop();
    throw error;
  }
  const runAdmin = (args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolveRun) => {
      const child = spawn('npm', ['run', '--silent', 'admin', '-w', 'backend', '--', ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => resolveRun({ code, output }));
    });
  const forgetCached = (key: string) => deleteRedisKeys(`${redisPrefix}:${key}`);
  return { baseUrl, databaseUrl: databaseUrl.href, mediaDir, admin: runAdmin, forgetCached, stop };
}
