// @ts-check
// The API as production runs it, for the benches and the rehearsal (the one starter they share): built
// code (`backend/dist/main.js`, `npm run build` first) run by node, NODE_ENV=production, strong random
// secrets, a bot token of Telegram's shape that nobody else knows, PUBLIC_URL and the webhook secret, and
// the fake Bot API (`fake-bot-api/dist/main.js`) answering for Telegram with that token. The game's rules
// stay production's unless a caller changes one through `ruleChanges`, which `describeRuleChanges` names
// for the caller's printed verdict. Players sign in with init data signed as a Telegram client signs it
// (`signInitData`: the HMAC `hash` over every field, the Bot API 8.0 Ed25519 `signature` among them).
import { spawn } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomBytes, randomInt, sign } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from '../../backend/scripts/local-services.mjs';
import { waitForHealth } from './health.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {string[]} files paths under the repository root that must exist (built code) */
export function requireBuilt(files = ['backend/dist/main.js', 'fake-bot-api/dist/main.js']) {
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
}

/** A bot token of the shape @BotFather gives (`<bot id>:<35 characters>`), fresh per run. */
export function newBotToken() {
  const botId = 7_000_000_000 + randomInt(1_000_000_000);
  return `${botId}:${randomBytes(27).toString('base64url').slice(0, 35)}`;
}

/**
 * @typedef {object} ChildOptions
 * @property {NodeJS.ProcessEnv} env
 * @property {NodeJS.WritableStream} [out] where its stdout and stderr go (default: this process's)
 * @property {string[]} [nodeArgs] node options before the entry point (e.g. `--cpu-prof`)
 */

/**
 * A started child process of the deployment.
 * @typedef {object} Child
 * @property {string} label
 * @property {import('node:child_process').ChildProcess} child
 * @property {number} pid
 * @property {Promise<string | number | null>} exited resolves with the signal or the exit code
 * @property {(graceMs?: number) => Promise<string | number | null>} stop SIGTERM, then SIGKILL after
 *   `graceMs` (default 40 s: the API's shutdown grace is 25 s); resolves once it has exited
 */

/**
 * @param {string} label
 * @param {string} entry
 * @param {ChildOptions} options
 * @returns {Child}
 */
export function startChild(label, entry, { env, out, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', out ? 'pipe' : 'inherit', out ? 'pipe' : 'inherit'],
  });
  if (out) {
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
  }
  /** @type {Promise<string | number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return {
    label,
    child,
    pid: /** @type {number} */ (child.pid),
    exited,
    async stop(graceMs = 40_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
}

/**
 * The fake Bot API on a free port, answering to `token`.
 * @param {{ token: string, out?: NodeJS.WritableStream }} options
 * @returns {Promise<Child & { url: string }>}
 */
export async function startFakeBotApi({ token, out }) {
  const port = await freePort();
  const proc = startChild('fake-bot-api', 'fake-bot-api/dist/main.js', {
    env: { ...baseEnv(), FAKE_BOT_API_TOKEN: token, FAKE_BOT_API_PORT: String(port) },
    out,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${url}/bot${token}/getMe`, {
      timeoutMs: 60_000,
      intervalMs: 100,
      gone: () => (proc.child.exitCode === null ? undefined : 'the fake Bot API exited'),
    });
  } catch (error) {
    await proc.stop(5000);
    throw error;
  }
  return { ...proc, url };
}

/** This process's environment without what would change a child's Node (NODE_OPTIONS, e.g. a loader). */
function baseEnv() {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * @typedef {object} ProductionEnvOptions
 * @property {string} botToken the bot token the API checks init data with (and the fake Bot API answers to)
 * @property {string} botApiUrl the fake Bot API's URL
 * @property {string} publicUrl the app's public origin (PUBLIC_URL; the TON proof domain is its host)
 * @property {Record<string, string>} storage DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX, BULL_PREFIX, MEDIA_DIR
 * @property {Record<string, string>} [env] settings that change no rule (LOG_LEVEL, pool sizes, ADMIN_TG_IDS)
 * @property {Record<string, string>} [ruleChanges] rules changed from production's (named in the verdict)
 */

/**
 * The API's environment as in production: NODE_ENV=production and fresh strong secrets (32 random
 * bytes each), no development login, no API docs.
 * @param {ProductionEnvOptions} options
 * @returns {NodeJS.ProcessEnv}
 */
export function productionEnv({ botToken, botApiUrl, publicUrl, storage, env = {}, ruleChanges = {} }) {
  const forbidden = ['NODE_ENV', 'DEV_LOGIN', 'JWT_SECRET', 'TELEGRAM_BOT_TOKEN'].filter(
    (name) => name in env || name in ruleChanges,
  );
  if (forbidden.length) throw new Error(`the production starter sets ${forbidden.join(', ')} itself`);
  return {
    ...baseEnv(),
    LOG_LEVEL: 'warn',
    ...storage,
    ...env,
    ...ruleChanges,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    TON_PROOF_SECRET: randomBytes(32).toString('hex'),
    TON_PROOF_DOMAINS: new URL(publicUrl).host,
    TELEGRAM_BOT_TOKEN: botToken,
    TELEGRAM_API_URL: botApiUrl,
    TELEGRAM_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
    PUBLIC_URL: publicUrl,
  };
}

/**
 * One API process on built code with `env` (from `productionEnv`) on `port`, resolved once
 * `/api/health` answers (a first replica migrates the database, so start replicas one after another).
 * @param {{ env: NodeJS.ProcessEnv, port: number, label?: string, out?: NodeJS.WritableStream, nodeArgs?: string[], timeoutMs?: number }} options
 * @returns {Promise<Child & { port: number }>}
 */
export async function startApi({ env, port, label = 'api', out, nodeArgs, timeoutMs = 180_000 }) {
  if (env.NODE_ENV !== 'production') throw new Error('startApi runs the API as production does');
  const proc = startChild(label, 'backend/dist/main.js', {
    env: { ...env, PORT: String(port) },
    out,
    nodeArgs,
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, {
      timeoutMs,
      intervalMs: 100,
      gone: () =>
        proc.child.exitCode === null && proc.child.signalCode === null
          ? undefined
          : `${label} exited (${proc.child.exitCode ?? proc.child.signalCode}) before it was healthy`,
    });
  } catch (error) {
    await proc.stop(5000);
    throw error;
  }
  return { ...proc, port };
}

/**
 * The rules a run changed from production's, for its printed verdict.
 * @param {Record<string, string>} ruleChanges
 * @param {string} [why] the reason, e.g. "every simulated player shares 127.0.0.1"
 */
export function describeRuleChanges(ruleChanges, why) {
  const entries = Object.entries(ruleChanges);
  if (entries.length === 0) return 'Rules: production’s, none changed.';
  const list = entries.map(([name, value]) => `${name}=${value}${value === '0' ? ' (off)' : ''}`).join(', ');
  return `Rules changed from production’s: ${list}${why ? ` (${why})` : ''}; everything else as in production.`;
}

/** The key Telegram would sign `signature` with; here one per process (the API checks only `hash`). */
const { privateKey: telegramKey } = generateKeyPairSync('ed25519');

/**
 * Init data as a Telegram client sends it for `user`, signed for `botToken`: the Bot API 8.0
 * `signature` field (Ed25519 over `<bot id>:WebAppData` and the fields) and the `hash` (HMAC-SHA256
 * with the key derived from the bot token, over every field but `hash`, `signature` included).
 * @param {{ id: number, first_name?: string, language_code?: string } & Record<string, unknown>} user
 * @param {string} botToken
 * @param {{ authDate?: number, startParam?: string }} [options]
 */
export function signInitData(user, botToken, { authDate, startParam } = {}) {
  /** @type {Record<string, string>} */
  const fields = {
    query_id: `AA${randomBytes(12).toString('base64url')}`,
    user: JSON.stringify({ first_name: 'Player', language_code: 'en', ...user }),
    auth_date: String(authDate ?? Math.floor(Date.now() / 1000)),
  };
  if (startParam !== undefined) fields.start_param = startParam;
  /** @param {Record<string, string>} entries */
  const checkString = (entries) =>
    Object.entries(entries)
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('\n');
  const botId = botToken.split(':')[0];
  fields.signature = sign(
    null,
    Buffer.from(`${botId}:WebAppData\n${checkString(fields)}`),
    telegramKey,
  ).toString('base64url');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString(fields)).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
