// @ts-check
// The benches' stack, as production runs it (docs/PERFORMANCE.md "How the benches run the API"), the one
// wrapper of the production starter (production-api.mjs) that the backend's and the mini app's benches
// share: the built API with NODE_ENV=production, fresh secrets, PUBLIC_URL, a bot token made for the run
// and the fake Bot API answering for Telegram with it, on a fresh database (the API migrates it as it
// starts, as a first deployment does), Redis keys and a media directory of its own, all removed by
// `stop`. No development login: players sign in with init data signed for that token as a Telegram
// client signs it. A bench changes a rule only through `ruleChanges`, and prints `rules` beside its
// verdict. `npm run build` first (the API's built code is what is measured).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../backend/scripts/local-services.mjs';
import {
  describeRuleChanges,
  newBotToken,
  productionEnv,
  requireBuilt,
  ROOT,
  signInitData,
  startApi,
  startFakeBotApi,
} from './production-api.mjs';

// The backend's own copies of its libraries (the rehearsal takes them the same way).
const backendRequire = createRequire(path.join(ROOT, 'backend/package.json'));
/** @type {typeof import('pg')} */
const pg = backendRequire('pg');
/** @type {typeof import('ioredis').Redis} */
const Redis = backendRequire('ioredis').Redis;

const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.E2E_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A light theme as Telegram's iOS client sends it (the mini app reads only its colours). */
const THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  button_color: '#2ea6ff',
  button_text_color: '#ffffff',
};

/**
 * @typedef {object} ProductionStackOptions
 * @property {Record<string, string>} [ruleChanges] rules changed from production's: named in `rules`
 * @property {string} [why] why the rules change, for the verdict (e.g. "every simulated player is 127.0.0.1")
 * @property {Record<string, string>} [env] settings that change no rule (FRONTEND_DIST, ADMIN_TG_IDS,
 *   the log level, the metrics port, memory arenas)
 */

/**
 * @typedef {object} ProductionStack
 * @property {number} port
 * @property {string} baseUrl
 * @property {number} pid the API's process id (its /proc/<pid>/ files hold its CPU time and peak RSS)
 * @property {Promise<string | number | null>} exited resolves with the exit code or signal once it exited
 * @property {string} databaseUrl the run's database (a bench may seed volume in it directly)
 * @property {string} mediaDir
 * @property {Record<string, string>} env the API's environment (for a second replica or the admin CLI)
 * @property {string} rules the rules this run changed from production's, one line for the verdict
 * @property {(user: { id: number } & Record<string, unknown>) => string} initData init data for `user`
 *   as a Telegram client sends it, signed for this API's bot token
 * @property {(tgId: number) => Promise<{ jwtToken: string, refreshToken: string }>} login signs in as a
 *   Telegram client does (`POST /api/v1/auth/login/` with signed init data)
 * @property {(urlPath: string, tgId: number, platform?: string) => string} launchPath `urlPath` opened as
 *   Telegram opens a mini app for `tgId`: the launch parameters (fresh init data, the platform, the Bot
 *   API version, the theme) in the fragment
 * @property {() => Promise<void>} stop
 */

let started = 0;

/**
 * @param {ProductionStackOptions} [options]
 * @returns {Promise<ProductionStack>}
 */
export async function startProductionStack({ ruleChanges = {}, why, env = {} } = {}) {
  requireBuilt();
  const id = `${process.pid}_${started++}_${randomBytes(3).toString('hex')}`;
  const database = `mm_bench_${id}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${database}`;
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'mememint-bench-media-'));
  const redisPrefix = `mm-bench-${id}`;

  const botToken = newBotToken();
  /** @type {Awaited<ReturnType<typeof startFakeBotApi>> | undefined} */
  let fakeBot;
  const stopRest = async () => {
    await fakeBot?.stop(10_000);
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await deleteKeys(`${redisPrefix}*`);
    rmSync(mediaDir, { recursive: true, force: true });
  };
  let api;
  let apiEnv;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    fakeBot = await startFakeBotApi({ token: botToken });
    apiEnv = /** @type {Record<string, string>} */ (
      productionEnv({
        botToken,
        botApiUrl: fakeBot.url,
        publicUrl: baseUrl,
        storage: {
          DATABASE_URL: databaseUrl.href,
          REDIS_URL,
          REDIS_KEY_PREFIX: `${redisPrefix}:`,
          BULL_PREFIX: `${redisPrefix}-bull`,
          MEDIA_DIR: mediaDir,
        },
        env,
        ruleChanges,
      })
    );
    api = await startApi({
      env: apiEnv,
      port,
      // e.g. BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/api-profile' to profile the API.
      nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean),
    });
  } catch (error) {
    await stopRest();
    throw error;
  }

  /** @param {{ id: number } & Record<string, unknown>} user */
  const initData = (user) => signInitData(user, botToken);
  const running = api;
  return {
    port,
    baseUrl,
    pid: running.pid,
    exited: running.exited,
    databaseUrl: databaseUrl.href,
    mediaDir,
    env: apiEnv,
    rules: describeRuleChanges(ruleChanges, why),
    initData,
    async login(tgId) {
      const res = await fetch(`${baseUrl}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ initData: initData({ id: tgId }) }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
      return /** @type {{ jwtToken: string, refreshToken: string }} */ (await res.json());
    },
    launchPath(urlPath, tgId, platform = 'ios') {
      const launch = new URLSearchParams({
        tgWebAppData: initData({ id: tgId }),
        tgWebAppVersion: '8.0',
        tgWebAppPlatform: platform,
        tgWebAppThemeParams: JSON.stringify(THEME),
      });
      return `${urlPath}#${launch.toString()}`;
    },
    async stop() {
      await running.stop();
      await stopRest();
    },
  };
}

/** @param {string} sql a statement on the server's maintenance database (CREATE / DROP DATABASE) */
async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** @param {string} match */
async function deleteKeys(match) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match, count: 500 }))
      if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * What Telegram's iOS client injects into the web view before the page runs: the bridge the SDK posts
 * its events to. It answers nothing (no viewport or theme events): the app keeps the browser's own.
 */
export const TELEGRAM_CLIENT_BRIDGE = 'window.TelegramWebviewProxy = { postEvent() {} };';
