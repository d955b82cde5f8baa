// `npm start`: runs MemeMint on one machine. Finds or starts PostgreSQL and Redis, builds what is
// missing or stale, then runs the API (which migrates the database and serves the built mini app on
// the same port) and the inference worker as child processes. Ctrl-C stops all of it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  ensureDatabase,
  freePort,
  redisAnswers,
  startEmbeddedPostgres,
  withDatabase,
} from './lib/services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.data');
const APP_DATABASE = 'mememint';
const STOP_GRACE_MS = 10_000;

const log = (message) => console.log(`[start] ${message}`);

/** Things to stop on the way out, newest first. */
const cleanups = [];
let stopping = false;

async function main() {
  process.chdir(root);
  mkdirSync(dataDir, { recursive: true });
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
  env.DATABASE_URL = await postgres();
  env.REDIS_URL = await redis();
  env.MEDIA_DIR = process.env.MEDIA_DIR ?? path.join(dataDir, 'media');

  buildStale();
  const frontendIndex = path.join(root, 'frontend/dist/index.html');
  if (!process.env.FRONTEND_DIST && existsSync(frontendIndex))
    env.FRONTEND_DIST = path.dirname(frontendIndex);

  const port = Number(process.env.PORT ?? 3000);
  startChild('api', process.execPath, ['backend/dist/main.js'], env);
  const worker = path.join(root, 'inference/dist/worker.js');
  if (existsSync(worker)) startChild('inference worker', process.execPath, [worker], env);
  else log('inference/dist/worker.js is missing: no inference worker, generations will wait in the queue');

  await waitForHealth(port);
  log(`MemeMint is running at http://localhost:${port}/ (API docs: http://localhost:${port}/api/docs)`);
  if (!env.FRONTEND_DIST) log('frontend/dist is missing: only the API is served');
  log('Press Ctrl-C to stop.');
}

/** DATABASE_URL, else an embedded PostgreSQL whose data stays in .data/postgres. */
async function postgres() {
  if (process.env.DATABASE_URL) {
    log('PostgreSQL: DATABASE_URL');
    return process.env.DATABASE_URL;
  }
  log('PostgreSQL: starting the embedded server (data in .data/postgres)');
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), persistent: true });
  cleanups.push(() => server.stop());
  await ensureDatabase(server.url, APP_DATABASE);
  return withDatabase(server.url, APP_DATABASE);
}

/** REDIS_URL, else 127.0.0.1:6379 when it answers, else redis-server from PATH on a free port. */
async function redis() {
  if (process.env.REDIS_URL) {
    log('Redis: REDIS_URL');
    return process.env.REDIS_URL;
  }
  if (await redisAnswers('127.0.0.1', 6379)) {
    log('Redis: 127.0.0.1:6379');
    return 'redis://127.0.0.1:6379';
  }
  if (spawnSync('redis-server', ['--version']).error) {
    console.error(
      '[start] No Redis: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server\n' +
        '        (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis).',
    );
    await shutdown(1);
  }
  const port = await freePort();
  const redisDir = path.join(dataDir, 'redis');
  mkdirSync(redisDir, { recursive: true });
  log(`Redis: starting redis-server on port ${port} (data in .data/redis)`);
  startChild(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir],
    process.env,
    { detached: true },
  );
  for (let attempt = 0; !(await redisAnswers('127.0.0.1', port)); attempt++) {
    if (attempt > 50) throw new Error('redis-server did not answer within 10 s');
    await sleep(200);
  }
  return `redis://127.0.0.1:${port}`;
}

/** Workspaces in build order, with the files their build reads. */
const WORKSPACES = [
  { name: 'contracts', inputs: ['src', 'package.json', 'tsconfig.json'] },
  { name: 'inference', inputs: ['src', 'tools', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  { name: 'backend', inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  {
    name: 'frontend',
    inputs: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'],
  },
];

function buildStale() {
  for (const { name, inputs } of WORKSPACES) {
    const dir = path.join(root, name);
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest) || !JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build) continue;
    const built = newestMtime(path.join(dir, 'dist'));
    const sources = Math.max(...inputs.map((input) => newestMtime(path.join(dir, input))));
    if (built >= sources) continue;
    log(`building ${name} (${built ? 'sources changed' : 'no build yet'})`);
    const result = spawnSync('npm', ['run', 'build', '-w', name], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${name} failed`);
  }
}

/** Newest modification time under a path (0 when it does not exist), skipping node_modules. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * `detached` puts the child in its own process group, out of reach of the terminal's Ctrl-C, so
 * it outlives the processes that use it until shutdown() stops it in order.
 */
function startChild(label, command, args, env, { detached = false } = {}) {
  const child = spawn(command, args, { env, stdio: 'inherit', detached });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${label} exited (${signal ?? `code ${code}`}); stopping everything`);
    void shutdown(1);
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  });
  return child;
}

async function waitForHealth(port) {
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  // Children first (newest first), then the servers they used.
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error) => console.error(`[start] ${error.message}`));
  }
  process.exit(code);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch(async (error) => {
  console.error(`[start] ${error.message ?? error}`);
  await shutdown(1);
});
