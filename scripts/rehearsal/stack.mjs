// @ts-check
// The rehearsal's deployment on this machine: its own database, Redis prefixes and media directory,
// the fake Bot API, two API replicas started as production runs them (scripts/lib/production-api.mjs:
// built code, NODE_ENV=production, strong secrets, a bot token of its own) and two inference workers,
// and the load balancer (a TCP proxy) in front of the replicas. Everything it starts or makes is undone
// by `run.stop()`, which waits a bounded time for each process (SIGKILL after the grace).
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  ensureDatabase,
  freePort,
  localPostgres,
  postgresAnswers,
  redisAnswers,
  withDatabase,
} from '../../backend/scripts/local-services.mjs';
import { LIFTED_RATE_LIMITS } from '../lib/lifted-limits.mjs';
import {
  describeRuleChanges,
  newBotToken,
  productionEnv,
  startApi,
  startChild,
  startFakeBotApi,
} from '../lib/production-api.mjs';
import { startTcpProxy } from '../lib/tcp-proxy.mjs';
import { log, pg, Redis } from './common.mjs';

/**
 * @typedef {object} Proc A child process of the run.
 * @property {string} label
 * @property {import('node:child_process').ChildProcess} child
 * @property {Promise<string | number | null>} exited resolves with the signal or the exit code
 * @property {boolean} signalled
 * @property {(graceMs?: number) => Promise<string | number | null>} stop SIGTERM, SIGKILL after the grace
 */

/**
 * What one run made, to undo at the end: its processes and cleanups (newest first).
 * @typedef {object} Run
 * @property {string} id
 * @property {boolean} keep keep the database, keys and media for a look afterwards
 * @property {string} workDir
 * @property {string} logDir
 * @property {Proc[]} children
 * @property {Array<() => Promise<void>>} cleanups
 * @property {() => Promise<void>} stop
 */

/**
 * @param {{ keep: boolean }} options
 * @returns {Run}
 */
export function newRun({ keep }) {
  const id = randomBytes(4).toString('hex');
  const workDir = path.join(os.tmpdir(), `mememint-rehearsal-${id}`);
  const logDir = path.join(workDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  /** @type {Run} */
  const run = {
    id,
    keep,
    workDir,
    logDir,
    children: [],
    cleanups: [],
    async stop() {
      // Each process gets SIGTERM and, past its grace, SIGKILL: the end never waits on a process.
      const exits = await Promise.all(run.children.map((proc) => proc.stop(40_000)));
      log(`stopped: ${run.children.map((proc, i) => `${proc.label} ${exits[i]}`).join(', ')}`);
      for (const undo of run.cleanups.reverse())
        await undo().catch((error) => console.error(`[rehearsal] ${error}`));
      console.log(`[rehearsal] process logs kept in ${logDir}`);
    },
  };
  return run;
}

/**
 * @typedef {object} Stack
 * @property {string} url the load balancer's, where the players go
 * @property {number[]} apiPorts
 * @property {Proc[]} apis
 * @property {Proc[]} workers
 * @property {NodeJS.ProcessEnv} apiEnv the replicas' environment (the admin CLI runs with it too)
 * @property {string} botToken the token the players' init data is signed with
 * @property {string} rules the rules changed from production's, for the report
 * @property {string} databaseUrl
 * @property {number} adminTgId the admin; players get the ids above it
 */

/**
 * Starts the deployment. PostgreSQL: DATABASE_URL (its server), else 127.0.0.1:5432, else the
 * embedded server of `.data/`; Redis: REDIS_URL, else 127.0.0.1:6379.
 * @param {Run} run
 * @returns {Promise<Stack>}
 */
export async function startStack(run) {
  const { databaseUrl, redisUrl, keyPrefix, bullPrefix, mediaDir } = await storage(run);
  const apiPorts = [await freePort(), await freePort()];
  const proxy = await startTcpProxy(apiPorts);
  run.cleanups.push(() => proxy.close());
  const url = `http://127.0.0.1:${proxy.port}`;
  const adminTgId = 6_100_000_000 + Math.floor(Math.random() * 1e6) * 100;
  const botToken = newBotToken();
  const fakeBot = await startFakeBotApi({ token: botToken, out: logFile(run, 'fake-bot-api') });
  run.children.push({ ...fakeBot, signalled: false });
  // One address (this machine) plays every player, and each player is given credits for a minute of
  // play: those rules change; the cap of open generations per player and the swipe pace stay.
  const ruleChanges = { ...LIFTED_RATE_LIMITS, NEW_USER_CREDITS: '1000' };
  const apiEnv = productionEnv({
    botToken,
    botApiUrl: fakeBot.url,
    publicUrl: url,
    storage: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      BULL_PREFIX: bullPrefix,
      MEDIA_DIR: mediaDir,
    },
    env: { ADMIN_TG_IDS: String(adminTgId), DATABASE_POOL_TIMEOUT_MS: '30000' },
    ruleChanges,
  });
  const apis = [];
  for (const [index, port] of apiPorts.entries()) {
    // One after the other: the first one migrates the new database.
    const label = `api-${index + 1}`;
    const api = await startApi({ env: apiEnv, port, label, out: logFile(run, label) }).catch((error) => {
      throw new Error(`${error instanceof Error ? error.message : error}; see ${run.logDir}/${label}.log`);
    });
    /** @type {Proc} */
    const proc = { ...api, signalled: false };
    run.children.push(proc);
    apis.push(proc);
  }
  const base = { ...process.env };
  delete base.NODE_OPTIONS;
  const workerEnv = {
    ...base,
    NODE_ENV: 'production',
    REDIS_URL: redisUrl,
    BULL_PREFIX: bullPrefix,
    MEDIA_DIR: mediaDir,
    INFERENCE_HEALTH_PORT: '0',
    INFERENCE_THREADS: '1',
  };
  const workers = [];
  for (const index of [1, 2]) {
    const { proc, ready } = startProcess(run, `worker-${index}`, 'inference/dist/worker.js', workerEnv, {
      readyText: 'inference worker:',
    });
    await ready;
    workers.push(proc);
  }
  const rules = describeRuleChanges(ruleChanges, 'one address plays every player');
  log(
    `2 API replicas (${apiPorts.join(', ')}, NODE_ENV=production), 2 workers, proxy on ${proxy.port}; logs in ${run.logDir}`,
  );
  log(rules);
  return { url, apiPorts, apis, workers, apiEnv, databaseUrl, adminTgId, botToken, rules };
}

/**
 * The run's database, Redis prefixes and media directory, each dropped at the end unless kept.
 * @param {Run} run
 */
async function storage(run) {
  const serverUrl = await postgresServer(run);
  const database = `mememint_rehearsal_${run.id}`;
  await ensureDatabase(serverUrl, database);
  run.cleanups.push(async () => {
    if (run.keep) return;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.end();
  });
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!process.env.REDIS_URL && !(await redisAnswers('127.0.0.1', 6379)))
    throw new Error('No Redis: set REDIS_URL or run one on 127.0.0.1:6379');
  const keyPrefix = `mmrehearsal:${run.id}:`;
  const bullPrefix = `mmrehearsal-bull-${run.id}`;
  run.cleanups.push(async () => {
    if (run.keep) return;
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    for (const prefix of [keyPrefix, bullPrefix]) {
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = nextCursor;
      } while (cursor !== '0');
    }
    redis.disconnect();
  });
  const mediaDir = path.join(run.workDir, 'media');
  run.cleanups.push(async () => {
    if (!run.keep) rmSync(mediaDir, { recursive: true, force: true });
  });
  return { databaseUrl: withDatabase(serverUrl, database), redisUrl, keyPrefix, bullPrefix, mediaDir };
}

/** @param {Run} run */
async function postgresServer(run) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(local)) return local;
  const server = await localPostgres();
  run.cleanups.push(() => server.stop());
  return server.url;
}

/**
 * A built entry point in a child process, its output in the run's log directory; with `readyText`,
 * `ready` resolves once its stdout shows that text.
 * @param {Run} run
 * @param {string} label
 * @param {string} entry
 * @param {NodeJS.ProcessEnv} env
 * @param {{ readyText?: string }} [options]
 * @returns {{ proc: Proc, ready: Promise<void> }}
 */
function startProcess(run, label, entry, env, { readyText } = {}) {
  const { child, exited, ...started } = startChild(label, entry, { env, out: logFile(run, label) });
  /** @type {Proc} */
  const proc = { child, exited, ...started, signalled: false };
  run.children.push(proc);
  /** @type {Promise<void>} */
  const ready = readyText
    ? new Promise((resolve, reject) => {
        let seen = '';
        child.stdout?.on('data', (chunk) => {
          seen += chunk;
          if (seen.includes(readyText)) resolve();
          if (seen.length > 100_000) seen = seen.slice(-10_000);
        });
        void exited.then((how) =>
          reject(new Error(`${label} exited (${how}) before ready; see ${run.logDir}`)),
        );
      })
    : Promise.resolve();
  return { proc, ready };
}

/**
 * A process's log file in the run's log directory.
 * @param {Run} run
 * @param {string} label
 */
function logFile(run, label) {
  return createWriteStream(path.join(run.logDir, `${label}.log`));
}
