// `npm start`: runs MemeMint on one machine. Finds or starts PostgreSQL and Redis, builds what is
// missing or stale, then runs the API (which migrates the database and serves the built mini app on
// the same port) and the inference worker as child processes. Without a real bot token it also runs
// the fake Bot API (payments, quests and stickers then work offline). Ctrl-C stops all of it.
// @ts-check
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { freePort, localDataDir, localPostgres, redisAnswers } from '../backend/scripts/local-services.mjs';
import { waitForHealth } from './lib/health.mjs';
import { workerHealthPort } from './lib/worker-health-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = localDataDir();
const STOP_GRACE_MS = 10_000;

const log = (/** @type {string} */ message) => console.log(`[start] ${message}`);

/** Things to stop on the way out, newest first. @type {Array<() => Promise<void>>} */
const cleanups = [];
let stopping = false;

async function main() {
  process.chdir(root);
  mkdirSync(dataDir, { recursive: true });
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
  env.DATABASE_URL = await postgres();
  env.REDIS_URL = await redis();
  env.MEDIA_DIR = process.env.MEDIA_DIR ?? path.join(dataDir, 'media');

  buildStale();
  const port = Number(process.env.PORT ?? 3000);
  await telegram(env, port);
  log(`mode: ${describeMode(env)}`);
  const frontendIndex = path.join(root, 'frontend/dist/index.html');
  if (!process.env.FRONTEND_DIST && existsSync(frontendIndex))
    env.FRONTEND_DIST = path.dirname(frontendIndex);

  startChild('api', process.execPath, ['backend/dist/main.js'], env);
  const worker = path.join(root, 'inference/dist/worker.js');
  if (existsSync(worker)) {
    env.INFERENCE_HEALTH_PORT = await workerHealthPort(process.env);
    log(`inference worker: health and metrics on port ${env.INFERENCE_HEALTH_PORT}`);
    startChild('inference worker', process.execPath, [worker], env);
  } else log('inference/dist/worker.js is missing: no inference worker, generations will wait in the queue');

  await waitForHealth(`http://127.0.0.1:${port}/api/health`, { intervalMs: 300 });
  log(`MemeMint is running at http://localhost:${port}/ (API docs: http://localhost:${port}/api/docs)`);
  if (!env.FRONTEND_DIST) log('frontend/dist is missing: only the API is served');
  log('Press Ctrl-C to stop.');
}

/**
 * DATABASE_URL, else the embedded PostgreSQL whose data stays in .data/postgres: the one already
 * running there (left by a crashed run, or started by a backend command), else started here. The
 * backend's commands (`npm run admin -w backend`, `migration:*`) find it the same way.
 */
async function postgres() {
  if (process.env.DATABASE_URL) {
    log('PostgreSQL: DATABASE_URL');
    return process.env.DATABASE_URL;
  }
  const server = await localPostgres({ dataDir });
  cleanups.push(() => server.stop());
  log(
    `PostgreSQL: ${server.started ? 'started' : 'found running'} the embedded server (data in ${shortPath(path.join(dataDir, 'postgres'))})`,
  );
  return server.url;
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
  log(`Redis: starting redis-server on port ${port} (data in ${shortPath(redisDir)})`);
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

/**
 * A real bot (a TELEGRAM_BOT_TOKEN other than the development fallback of backend/src/config/platform.variables.ts)
 * talks to Telegram. Without one, the fake Bot API runs beside the API, the API calls it, it delivers
 * updates to the API's webhook, and the development login is on (DEV_LOGIN=1 unless set, never in
 * production) so the mini app's mock environment can sign in. An explicitly set TELEGRAM_API_URL wins over either choice.
 * @param {NodeJS.ProcessEnv} env
 * @param {number} apiPort
 */
async function telegram(env, apiPort) {
  const { DEVELOPMENT_BOT_TOKEN } = await import(
    pathToFileURL(path.join(root, 'backend/dist/config/platform.variables.js')).href
  );
  const token = process.env.TELEGRAM_BOT_TOKEN;
  if (token && token !== DEVELOPMENT_BOT_TOKEN) {
    log(
      `Telegram: real bot (TELEGRAM_BOT_TOKEN), Bot API at ${process.env.TELEGRAM_API_URL ?? 'https://api.telegram.org'}`,
    );
    return;
  }
  if (env.DEV_LOGIN === undefined && env.NODE_ENV !== 'production') env.DEV_LOGIN = '1';
  if (process.env.TELEGRAM_API_URL) {
    log('Telegram: no real bot token; Bot API at TELEGRAM_API_URL');
    return;
  }
  env.TELEGRAM_BOT_TOKEN = DEVELOPMENT_BOT_TOKEN;
  env.TELEGRAM_WEBHOOK_SECRET = process.env.TELEGRAM_WEBHOOK_SECRET || randomBytes(24).toString('base64url');
  const fakePort = await freePort();
  startChild('fake Bot API', process.execPath, [path.join(root, 'fake-bot-api/dist/main.js')], {
    ...process.env,
    FAKE_BOT_API_TOKEN: DEVELOPMENT_BOT_TOKEN,
    FAKE_BOT_API_PORT: String(fakePort),
    FAKE_BOT_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/v1/telegram/webhook/`,
    FAKE_BOT_WEBHOOK_SECRET: env.TELEGRAM_WEBHOOK_SECRET,
  });
  env.TELEGRAM_API_URL = `http://127.0.0.1:${fakePort}`;
  await waitForHealth(`${env.TELEGRAM_API_URL}/__fake/calls`, { timeoutMs: 10_000 });
  log(
    `Telegram: FAKE mode (no real TELEGRAM_BOT_TOKEN): fake Bot API at ${env.TELEGRAM_API_URL} ` +
      '(pay an invoice: POST /__fake/pay/<slug>)',
  );
}

/**
 * Which mode the API runs in, as the launcher hands it over (the Telegram line above says which bot).
 * @param {NodeJS.ProcessEnv} env
 */
function describeMode(env) {
  const devLogin =
    env.DEV_LOGIN === '1'
      ? 'development login ON (DEV_LOGIN=1: any Telegram id can log in; open it in a browser)'
      : 'development login off';
  return `NODE_ENV=${env.NODE_ENV}, ${devLogin}`;
}

/** Workspaces in build order, with the files their build reads. */
const WORKSPACES = [
  { name: 'contracts', inputs: ['src', 'package.json', 'tsconfig.json'] },
  { name: 'fake-bot-api', inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  { name: 'media', inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  { name: 'inference', inputs: ['src', 'tools', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  { name: 'backend', inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] },
  {
    name: 'frontend',
    inputs: ['src', 'build', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'],
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

/**
 * Newest modification time under a path (0 when it does not exist), skipping node_modules.
 * @param {string} target
 * @returns {number}
 */
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
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {{ detached?: boolean }} [options]
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

/** @param {number} code */
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

/**
 * A path inside the repository relative to it, any other as it is.
 * @param {string} target
 */
function shortPath(target) {
  const relative = path.relative(root, target);
  return relative.startsWith('..') ? target : relative;
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch(async (error) => {
  console.error(`[start] ${error.message ?? error}`);
  await shutdown(1);
});
