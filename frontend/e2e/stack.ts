import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, existsSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const FRONTEND_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(FRONTEND_DIR, '..');
export const OUTPUT_DIR = join(FRONTEND_DIR, 'e2e', 'output');
/** Real test photos live beside the repository, never inside it. */
export const FACES_DIR = join(REPO_ROOT, '..', 'shared', 'testdata', 'faces');

/** Admin connection the test database is created on (dropped again at the end). */
const ADMIN_DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A Redis database of its own, so other runs' queues and workers never meet ours. */
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
/** Telegram id the e2e makes admin (it uploads a template like an operator would). */
export const ADMIN_TG_ID = 990_000_001;

export interface Stack {
  baseUrl: string;
  stop(): Promise<void>;
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

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')}: ${code}`)),
    );
  });
}

/** The mini app is served built; rebuild when its sources (or contracts) are newer than the build. */
async function ensureFrontendBuild(): Promise<string> {
  const dist = join(FRONTEND_DIR, 'dist');
  const index = join(dist, 'index.html');
  const sources = Math.max(
    newestMtime(join(FRONTEND_DIR, 'src')),
    newestMtime(join(FRONTEND_DIR, 'index.html')),
    newestMtime(join(REPO_ROOT, 'contracts', 'src')),
  );
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    await run(
      process.execPath,
      [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
      FRONTEND_DIR,
    );
  }
  return dist;
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

async function waitForHealth(baseUrl: string, backend: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (backend.exitCode !== null)
      throw new Error(`backend exited (${backend.exitCode}); see e2e/output/backend.log`);
    try {
      const answer = await fetch(`${baseUrl}/api/health`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('backend did not become healthy; see e2e/output/backend.log');
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The real app for a browser to drive: a fresh database, the backend (from its sources, which also
 * serves the built mini app), and one inference worker, all on a free port.
 */
export async function startStack(): Promise<Stack> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const mediaDir = join(OUTPUT_DIR, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const database = `mm_frontend_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${database}`;

  const frontendDist = await ensureFrontendBuild();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const shared = { REDIS_URL, MEDIA_DIR: mediaDir };

  const backend = startProcess(
    'backend',
    ['--import', '@swc-node/register/esm-register', 'src/main.ts'],
    join(REPO_ROOT, 'backend'),
    {
      ...shared,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: databaseUrl.href,
      FRONTEND_DIST: frontendDist,
      REDIS_KEY_PREFIX: `mm-e2e-${process.pid}:`,
      ADMIN_TG_IDS: String(ADMIN_TG_ID),
      LOG_LEVEL: 'warn',
    },
  );
  const worker = startProcess('worker', ['--import', 'tsx', 'src/worker.ts'], join(REPO_ROOT, 'inference'), {
    ...shared,
    INFERENCE_HEALTH_PORT: '0',
    INFERENCE_THREADS: '1',
  });

  const stop = async () => {
    await Promise.all([stopProcess(backend), stopProcess(worker)]);
    const cleanup = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  };
  try {
    await waitForHealth(baseUrl, backend);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
