/**
 * The API in a process of its own, started as production runs it (the starter the benches share with
 * the rehearsal, scripts/lib/production-api.mjs: built `dist/main.js` run by node, NODE_ENV=production,
 * strong secrets, a bot token of its own answered by the fake Bot API), on a fresh database cloned from
 * the migrated test template and its own Redis prefixes: the benches measure it from outside, through
 * HTTP. A bench changes a rule only through `ruleChanges`, and prints `rules` beside its verdict.
 * `npm run build` first (the API's built code is what is measured).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import {
  describeRuleChanges,
  newBotToken,
  productionEnv,
  requireBuilt,
  signInitData,
  startApi,
  startFakeBotApi,
} from '../../../scripts/lib/production-api.mjs';
import { freePort } from '../../scripts/local-services.mjs';
import { deleteKeys } from '../../test/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';

const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcessOptions {
  /** Rules changed from production's (rate limits, the swipe bar, the pace…): named in `rules`. */
  ruleChanges?: Record<string, string>;
  /** Why the rules change, for the verdict (e.g. "every simulated player is 127.0.0.1"). */
  why?: string;
  /** Settings that change no rule of the game (log level, metrics port, memory arenas). */
  env?: Record<string, string>;
}

export interface ApiProcess {
  port: number;
  /** The API's process id (its /proc/<pid>/status holds the peak RSS). */
  pid: number;
  /** Resolves with the exit code or signal once the process has exited. */
  exited: Promise<string | number | null>;
  database: TestDatabase;
  env: Record<string, string>;
  /** The rules this run changed from production's, one line for the printed verdict. */
  rules: string;
  /** Init data for `user` as a Telegram client sends it, signed for this API's bot token. */
  initData(user: { id: number } & Record<string, unknown>): string;
  stop(): Promise<void>;
}

export async function startApiProcess(options: ApiProcessOptions = {}): Promise<ApiProcess> {
  requireBuilt();
  const database = await createTestDatabase();
  const port = await freePort();
  const id = randomBytes(4).toString('hex');
  const botToken = newBotToken();
  const fakeBot = await startFakeBotApi({ token: botToken });
  const env = productionEnv({
    botToken,
    botApiUrl: fakeBot.url,
    publicUrl: `http://127.0.0.1:${port}`,
    storage: {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `mmbench:${id}:`,
      BULL_PREFIX: `mmbench-bull-${id}`,
      MEDIA_DIR: `${BACKEND_DIR}test-output/bench-media-${id}`,
    },
    env: options.env,
    ruleChanges: options.ruleChanges,
  }) as Record<string, string>;
  const stopRest = async () => {
    await fakeBot.stop(10_000);
    await database.drop();
    await deleteKeys(env.REDIS_URL!, [env.REDIS_KEY_PREFIX!, env.BULL_PREFIX!]);
  };
  let api: Awaited<ReturnType<typeof startApi>>;
  try {
    api = await startApi({
      env,
      port,
      // e.g. BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/api-profile' to profile the API.
      nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean),
    });
  } catch (error) {
    await stopRest();
    throw error;
  }
  return {
    port,
    pid: api.pid,
    exited: api.exited,
    database,
    env,
    rules: describeRuleChanges(options.ruleChanges ?? {}, options.why),
    initData: (user) => signInitData(user, botToken),
    stop: async () => {
      await api.stop();
      await stopRest();
    },
  };
}
