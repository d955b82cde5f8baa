/**
 * The mini app's benches' stack, as production runs it (docs/PERFORMANCE.md "How the benches run the
 * API"): the one starter the backend benches and the rehearsal share (scripts/lib/production-api.mjs)
 * runs the built API (`backend/dist/main.js`) with NODE_ENV=production, fresh secrets, PUBLIC_URL, a bot
 * token made for the run and the fake Bot API answering for Telegram with it, serving the production
 * build of the mini app (FRONTEND_DIST). No development login: players sign in with init data signed
 * for that token as a Telegram client signs it (`signInitData`), and a phone opens the app the way
 * Telegram does (`launchPath`: the launch parameters in the URL's fragment). A fresh database (the API
 * migrates it as it starts) and Redis keys of its own; `npm run build` first.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { Redis } from 'ioredis';
import pg from 'pg';

import {
  describeRuleChanges,
  newBotToken,
  productionEnv,
  requireBuilt,
  signInitData,
  startApi,
  startFakeBotApi,
} from '../../scripts/lib/production-api.mjs';
import { freePort } from '../../backend/scripts/local-services.mjs';
import { FRONTEND_DIR, OUTPUT_DIR } from '../e2e/stack.js';

const ADMIN_DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/11';

export interface ProductionStackOptions {
  /** The mini app build the API serves (default: this checkout's frontend/dist). */
  frontendDist?: string;
  /** Rules changed from production's (e.g. the gift chance): named in `rules` for the verdict. */
  ruleChanges?: Record<string, string>;
  /** Why the rules change, for the verdict. */
  why?: string;
}

export interface ProductionStack {
  baseUrl: string;
  databaseUrl: string;
  mediaDir: string;
  /** The rules this run changed from production's, one line for the printed verdict. */
  rules: string;
  /** Init data for `user` as a Telegram client sends it, signed for this API's bot token. */
  initData(user: { id: number } & Record<string, unknown>): string;
  /** Signs in as a Telegram client does (`POST /api/v1/auth/login/` with signed init data). */
  login(tgId: number): Promise<{ jwtToken: string; refreshToken: string }>;
  /**
   * `path` opened as Telegram opens a mini app for `tgId`: the launch parameters (fresh init data
   * signed for the bot token, the platform, the Bot API version, the theme) in the fragment.
   */
  launchPath(path: string, tgId: number, platform?: string): string;
  stop(): Promise<void>;
}

/** A light theme as Telegram's iOS client sends it (the app reads only its colours). */
const THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  button_color: '#2ea6ff',
  button_text_color: '#ffffff',
};

/**
 * What Telegram's iOS client injects into the web view before the page runs: the bridge the SDK posts
 * its events to. It answers nothing (no viewport or theme events): the app keeps the browser's own.
 */
export const TELEGRAM_CLIENT_BRIDGE = 'window.TelegramWebviewProxy = { postEvent() {} };';

let started = 0;

export async function startProductionStack(options: ProductionStackOptions = {}): Promise<ProductionStack> {
  requireBuilt(['backend/dist/main.js', 'fake-bot-api/dist/main.js']);
  const frontendDist = options.frontendDist ?? join(FRONTEND_DIR, 'dist');
  const id = `${process.pid}_${started++}_${randomBytes(3).toString('hex')}`;
  const database = `mm_frontend_bench_${id}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_DATABASE_URL);
  databaseUrl.pathname = `/${database}`;
  const mediaDir = join(OUTPUT_DIR, `bench-media-${id}`);
  mkdirSync(mediaDir, { recursive: true });
  const redisPrefix = `mm-bench-${id}`;

  const botToken = newBotToken();
  const fakeBot = await startFakeBotApi({ token: botToken });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = productionEnv({
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
    env: { FRONTEND_DIST: frontendDist },
    ruleChanges: options.ruleChanges,
  });

  const stopRest = async () => {
    await fakeBot.stop(10_000);
    const cleanup = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      for await (const keys of redis.scanStream({ match: `${redisPrefix}*`, count: 500 }))
        if ((keys as string[]).length) await redis.del(...(keys as string[]));
    } finally {
      redis.disconnect();
    }
    rmSync(mediaDir, { recursive: true, force: true });
  };
  let api: Awaited<ReturnType<typeof startApi>>;
  try {
    api = await startApi({ env, port });
  } catch (error) {
    await stopRest();
    throw error;
  }

  const initData = (user: { id: number } & Record<string, unknown>) => signInitData(user, botToken);
  return {
    baseUrl,
    databaseUrl: databaseUrl.href,
    mediaDir,
    rules: describeRuleChanges(options.ruleChanges ?? {}, options.why),
    initData,
    async login(tgId) {
      const res = await fetch(`${baseUrl}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ initData: initData({ id: tgId }) }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { jwtToken: string; refreshToken: string };
    },
    launchPath(path, tgId, platform = 'ios') {
      const launch = new URLSearchParams({
        tgWebAppData: initData({ id: tgId }),
        tgWebAppVersion: '8.0',
        tgWebAppPlatform: platform,
        tgWebAppThemeParams: JSON.stringify(THEME),
      });
      return `${path}#${launch.toString()}`;
    },
    async stop() {
      await api.stop();
      await stopRest();
    },
  };
}
