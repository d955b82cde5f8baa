import { MEDIA_DEFAULTS, type MediaStoreConfig, mediaStoreProblems } from '@mememint/media';

/**
 * Every environment variable the backend reads, with its default and meaning: the one place game
 * constants and operational settings live (README's configuration table lists the same names; a
 * test keeps the two in sync).
 */

type Env = Readonly<Record<string, string | undefined>>;

export interface EnvVar<T> {
  /** What the variable means (shown in README). */
  doc: string;
  /** Value used when the variable is unset; a function may depend on other variables (NODE_ENV). */
  fallback?: T | ((env: Env) => T | undefined);
  /** Human-readable default for the docs when `fallback` is a function. */
  fallbackDoc?: string;
  /** Parses the raw string; returns an error text (what was expected) instead of throwing. */
  parse(raw: string): { value: T } | { error: string };
}

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (raw: string) => {
    const value = Number(raw);
    return /^-?\d+$/.test(raw.trim()) && value >= min && value <= max
      ? { value }
      : { error: `must be an integer from ${min} to ${max}` };
  };

const decimal = (min: number, max: number) => (raw: string) => {
  const value = Number(raw);
  return raw.trim() !== '' && Number.isFinite(value) && value >= min && value <= max
    ? { value }
    : { error: `must be a number from ${min} to ${max}` };
};

const text = (raw: string) => (raw.trim() ? { value: raw.trim() } : { error: 'must not be empty' });

const url =
  (...protocols: string[]) =>
  (raw: string) => {
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return { value: raw };
    } catch {
      // falls through to the error below
    }
    return { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` };
  };

const matching = (pattern: RegExp, what: string) => (raw: string) =>
  pattern.test(raw.trim()) ? { value: raw.trim() } : { error: `must be ${what}` };

/** An http(s) origin (no path, query or fragment), kept without a trailing slash. */
const origin = (raw: string) => {
  try {
    const parsed = new URL(raw.trim());
    const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username;
    if (['http:', 'https:'].includes(parsed.protocol) && bare) return { value: parsed.origin };
  } catch {
    // falls through to the error below
  }
  return { error: 'must be an http:// or https:// origin without a path (e.g. https://mememint.app)' };
};

function hostOf(raw: string | undefined): string | undefined {
  const parsed = raw === undefined ? undefined : origin(raw);
  return parsed?.value === undefined ? undefined : new URL(parsed.value).host;
}

const domains = (raw: string) => {
  const names = raw.split(',').map((part) => part.trim().toLowerCase());
  return names.every((name) => /^[a-z0-9.-]+(?::\d{1,5})?$/.test(name))
    ? { value: names }
    : { error: 'must be comma-separated host names (with an optional :port)' };
};

const secret = (minLength: number) => (raw: string) =>
  raw.length >= minLength ? { value: raw } : { error: `must be at least ${minLength} characters` };

const telegramIds = (raw: string) => {
  const ids = raw.split(',').map((part) => part.trim());
  return ids.every((id) => /^[1-9]\d{0,15}$/.test(id) && Number.isSafeInteger(Number(id)))
    ? { value: ids.map(Number) }
    : { error: 'must be comma-separated Telegram ids' };
};

const oneOf =
  <const T extends string>(...values: T[]) =>
  (raw: string) =>
    (values as string[]).includes(raw)
      ? { value: raw as T }
      : { error: `must be one of ${values.join(', ')}` };

const int = (fallback: number, doc: string, min = 0, max?: number): EnvVar<number> => ({
  doc,
  fallback,
  parse: integer(min, max),
});

const developmentOnly = (devValue: string) => (env: Env) =>
  env.NODE_ENV === 'production' ? undefined : devValue;

/** `1` or `0`: a switch that is only ever turned on explicitly. */
const flag = (raw: string) =>
  raw === '1' ? { value: true } : raw === '0' ? { value: false } : { error: 'must be 1 or 0' };

/** What Telegram accepts as a webhook's `secret_token`. */
const webhookSecret = (raw: string) =>
  /^[A-Za-z0-9_-]{1,256}$/.test(raw)
    ? { value: raw }
    : { error: 'must be 1–256 characters of A–Z, a–z, 0–9, _ and -' };

/**
 * The bot token outside production when none is set (`npm start` runs the fake Bot API for it). It
 * is public, so init data it signs proves nothing: anything else counts as a real token, which the
 * development login is never allowed with.
 */
export const DEVELOPMENT_BOT_TOKEN = '1234567890:development-bot-token-not-secret';

/** Shortest JWT_SECRET accepted in production: HS256 wants a key of at least its hash's 32 bytes. */
export const PRODUCTION_JWT_SECRET_MIN_BYTES = 32;

/** A chat id for the Bot API: `@channelusername` or a numeric id (channels: -100…). */
const chatId = (raw: string) =>
  /^@[A-Za-z][A-Za-z0-9_]{3,31}$/.test(raw.trim()) || /^-?[1-9]\d{0,15}$/.test(raw.trim())
    ? { value: raw.trim() }
    : { error: 'must be @channelusername or a numeric chat id' };

export const ENV_VARS = {
  NODE_ENV: {
    doc: '`development`, `test` or `production` (production requires real secrets, refuses the dev login and hides the API docs)',
    fallback: 'development',
    parse: oneOf('development', 'test', 'production'),
  } as EnvVar<'development' | 'test' | 'production'>,
  PORT: int(3000, 'HTTP port of the API (and of the built frontend)', 0, 65535),
  DATABASE_URL: {
    doc: 'PostgreSQL connection URL. `npm start` starts an embedded PostgreSQL when it is unset',
    parse: url('postgres:', 'postgresql:'),
  } as EnvVar<string>,
  DATABASE_POOL_SIZE: int(10, 'PostgreSQL connections per API process', 1, 1000),
  DATABASE_POOL_TIMEOUT_MS: int(
    5000,
    'How long a request waits for a free PostgreSQL connection before it is answered 503 (busy)',
    100,
  ),
  DATABASE_POOL_IDLE_SECONDS: int(
    0,
    'Close a PostgreSQL connection idle this long (0 = keep them: no reconnects when load returns)',
  ),
  METRICS_PORT: {
    doc: 'Port of the Prometheus `/metrics` endpoint, apart from the public one (0 = a free port); unset = none',
    fallbackDoc: '(unset)',
    parse: integer(0, 65535),
  } as EnvVar<number>,
  REDIS_URL: {
    doc: 'Redis URL (Bull queues, leaderboards, rate limits, socket.io adapter)',
    fallback: 'redis://127.0.0.1:6379',
    parse: url('redis:', 'rediss:'),
  } as EnvVar<string>,
  REDIS_KEY_PREFIX: {
    doc: 'Prefix of every Redis key the backend writes itself (not Bull’s)',
    fallback: 'mm:',
    parse: text,
  } as EnvVar<string>,
  BULL_PREFIX: {
    doc: 'Key prefix of the Bull queues; backend and inference worker must agree',
    fallback: 'bull',
    parse: text,
  } as EnvVar<string>,
  LOG_LEVEL: {
    doc: 'pino log level',
    fallback: 'info',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  } as EnvVar<'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>,
  MEDIA_STORE: {
    doc: 'Where uploaded photos and generated memes live, shared with the inference worker: `dir` (MEDIA_DIR) or `s3` (an S3-compatible bucket, MEDIA_S3_*; see docs/OPERATIONS.md)',
    fallback: 'dir',
    parse: oneOf('dir', 's3'),
  } as EnvVar<'dir' | 's3'>,
  MEDIA_DIR: {
    doc: 'Directory of uploaded photos and generated memes with MEDIA_STORE=dir (shared with the inference worker)',
    fallback: MEDIA_DEFAULTS.dir,
    parse: text,
  } as EnvVar<string>,
  MEDIA_S3_BUCKET: {
    doc: 'Bucket of the media with MEDIA_STORE=s3 (required then)',
    fallbackDoc: '(unset)',
    parse: text,
  } as EnvVar<string>,
  MEDIA_S3_ENDPOINT: {
    doc: 'Endpoint of an S3-compatible server (MinIO, R2…); unset = AWS S3 of MEDIA_S3_REGION',
    fallbackDoc: '(unset)',
    parse: url('http:', 'https:'),
  } as EnvVar<string>,
  MEDIA_S3_REGION: {
    doc: 'Region of the media bucket',
    fallback: MEDIA_DEFAULTS.s3Region,
    parse: text,
  } as EnvVar<string>,
  MEDIA_S3_ACCESS_KEY_ID: {
    doc: 'Access key of the media bucket; unset = the AWS SDK’s default credentials (required in production with MEDIA_STORE=s3)',
    fallbackDoc: '(unset)',
    parse: text,
  } as EnvVar<string>,
  MEDIA_S3_SECRET_ACCESS_KEY: {
    doc: 'Secret of MEDIA_S3_ACCESS_KEY_ID',
    fallbackDoc: '(unset)',
    parse: text,
  } as EnvVar<string>,
  MEDIA_S3_FORCE_PATH_STYLE: {
    doc: '`1`: address the bucket as `<endpoint>/<bucket>/<key>` (most S3-compatible servers) instead of `<bucket>.<endpoint>`',
    fallback: false,
    parse: flag,
  } as EnvVar<boolean>,
  MEDIA_S3_URL_TTL_SECONDS: int(
    MEDIA_DEFAULTS.s3UrlTtlSeconds,
    'Lifetime of the presigned URLs `/api/media/…` redirects to (MEDIA_STORE=s3 without MEDIA_PUBLIC_BASE_URL)',
    1,
    604_800,
  ),
  MEDIA_PUBLIC_BASE_URL: {
    doc: 'A CDN (or public bucket) URL serving the bucket’s keys: `/api/media/<key>` redirects to `<base>/<key>` instead of a presigned URL',
    fallbackDoc: '(unset)',
    parse: url('http:', 'https:'),
  } as EnvVar<string>,
  FRONTEND_DIST: {
    doc: 'Built mini app served on the API port with an SPA fallback; unset = API only (`npm start` sets it)',
    fallbackDoc: '(unset)',
    parse: text,
  } as EnvVar<string>,
  API_DOCS: {
    doc: 'Serve the OpenAPI page and document at `/api/docs` (`1` or `0`)',
    fallback: (env: Env) => env.NODE_ENV !== 'production',
    fallbackDoc: '`1`, but `0` in production',
    parse: flag,
  } as EnvVar<boolean>,
  PUBLIC_URL: {
    doc: 'Public origin of the app (`https://host`): link previews, TON manifest, the Telegram webhook registered at start; unset = request host, no webhook',
    fallbackDoc: '(unset)',
    parse: origin,
  } as EnvVar<string>,
  JSON_BODY_LIMIT: {
    doc: 'Largest JSON request body (larger answers 413)',
    fallback: '1mb',
    parse: text,
  } as EnvVar<string>,
  SHUTDOWN_GRACE_SECONDS: int(
    25,
    'On SIGTERM, how long requests in flight may take to finish before their connections are closed (keep it under the orchestrator’s grace period, 30 s in k8s)',
    0,
  ),
  JSON_MAX_DEPTH: int(
    32,
    'Deepest nesting of objects and arrays in a JSON request body (deeper answers 400)',
    1,
    256,
  ),

  TELEGRAM_BOT_TOKEN: {
    doc: 'Bot token: signs init data, calls the Bot API. Required in production',
    fallback: developmentOnly(DEVELOPMENT_BOT_TOKEN),
    fallbackDoc: 'a fixed development token (none in production)',
    parse: text,
  } as EnvVar<string>,
  TELEGRAM_API_URL: {
    doc: 'Bot API base URL (tests and `npm start` without a real bot token point it at the fake Bot API server)',
    fallback: 'https://api.telegram.org',
    parse: url('http:', 'https:'),
  } as EnvVar<string>,
  TELEGRAM_BOT_USERNAME: {
    doc: 'The bot’s username (no @) of the invite and share links `https://t.me/<bot>/<app>?startapp=…`',
    fallback: 'MemeMintBot',
    parse: matching(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'a Telegram bot username (letters, digits, _)'),
  } as EnvVar<string>,
  TELEGRAM_APP_NAME: {
    doc: 'The mini app’s short name in those links (set with @BotFather /newapp)',
    fallback: 'app',
    parse: matching(/^[A-Za-z0-9_]{3,30}$/, 'a mini app short name (3–30 letters, digits, _)'),
  } as EnvVar<string>,
  TELEGRAM_WEBHOOK_SECRET: {
    doc: 'Secret Telegram sends with each webhook call (`X-Telegram-Bot-Api-Secret-Token`); without it every webhook call is refused. Required with a real bot token; `npm start` sets one for the fake Bot API',
    fallbackDoc: '(none)',
    parse: webhookSecret,
  } as EnvVar<string>,
  DEV_LOGIN: {
    doc: '`1` opens the development login routes under `/api/v1/auth/dev/` (they sign init data for any id); refused in production and with a real bot token. `npm start` sets it when it runs the fake Bot API',
    fallback: false,
    parse: flag,
  } as EnvVar<boolean>,
  TELEGRAM_API_TIMEOUT_MS: int(10_000, 'Time limit of one Bot API request', 100),
  TELEGRAM_API_MAX_ATTEMPTS: int(3, 'Attempts of a Bot API call answered 429, 5xx or not at all', 1, 10),
  TELEGRAM_API_MAX_RETRY_AFTER_SECONDS: int(
    30,
    'A Bot API 429 asking to wait longer than this fails at once instead of waiting',
  ),
  NEWS_CHANNEL_ID: {
    doc: 'The news channel of the "subscribe" quest (`getChatMember`; the bot must be its admin)',
    fallback: '@mememint_news',
    parse: chatId,
  } as EnvVar<string>,
  NEWS_CHANNEL_LINK: {
    doc: 'Link the "subscribe" quest opens',
    fallback: 'https://t.me/mememint_news',
    parse: url('https:'),
  } as EnvVar<string>,
  JWT_SECRET: {
    doc: 'HMAC secret of the access tokens. Required in production, at least 32 bytes there',
    fallback: developmentOnly('development-jwt-secret-not-secret'),
    fallbackDoc: 'a fixed development secret (none in production)',
    parse: text,
  } as EnvVar<string>,
  AUTH_DATE_MAX_AGE_SECONDS: int(86_400, 'Oldest Telegram init data `auth_date` accepted at login', 1),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 'Lifetime of an access token (JWT)', 1),
  REFRESH_TOKEN_TTL_DAYS: int(30, 'Lifetime of a refresh token', 1),
  AUTH_DATE_FUTURE_SKEW_SECONDS: int(60, 'Clock skew tolerated for an init data `auth_date` ahead of ours'),
  ADMIN_TG_IDS: {
    doc: 'Comma-separated Telegram ids made admins at login; an id taken off the list stops being one at its next login',
    fallback: [],
    fallbackDoc: '(none)',
    parse: telegramIds,
  } as EnvVar<number[]>,

  NEW_USER_CREDITS: int(3, 'Credits (`generationLimit`) of a new user'),
  GENERATION_COST: int(1, 'Credits one generation costs', 1),
  FREE_GENERATION_INTERVAL_MINUTES: int(30, 'With 0 credits: one free generation per this many minutes', 1),
  GENERATION_JOB_ATTEMPTS: int(3, 'Attempts of a generation job before it fails (worker errors)', 1),
  GENERATION_JOB_BACKOFF_MS: int(2000, 'First retry delay of a failed generation job (exponential)', 0),
  GENERATION_DEADLINE_SECONDS: int(600, 'A generation unfinished this long fails and is refunded', 1),
  GENERATION_SWEEP_SECONDS: int(30, 'How often stalled generations are reconciled with their jobs', 1),
  FACE_ANALYSIS_TIMEOUT_MS: int(
    30000,
    'How long a face photo or template upload (or an own photo’s face list) waits for the inference worker to analyse it; longer answers 503',
    100,
  ),
  UPLOAD_MAX_BYTES: int(10 * 1024 * 1024, 'Largest photo upload', 1),
  UPLOAD_MAX_MEGAPIXELS: int(40, 'Largest photo upload in megapixels', 1),
  UPLOAD_MAX_CONCURRENT: int(
    1,
    'Image uploads read and decoded at once per API process; more wait their turn unread (bounds memory under parallel large uploads)',
    1,
  ),
  GENERATION_MAX_ACTIVE_PER_PLAYER: int(
    3,
    'A player’s queued-or-running generations; one more answers 429 and is not charged (0 = no cap)',
  ),

  RATE_LIMIT_WINDOW_SECONDS: int(
    60,
    'Window of every rate limit below (counted in Redis, shared by replicas)',
    1,
  ),
  RATE_LIMIT_AUTH_PER_ADDRESS: int(
    600,
    'Logins and token refreshes per address per window (generous: carrier NAT puts many players on one address; 0 = off)',
  ),
  RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: int(
    30,
    'Failed logins and refreshes (bad init data, bad refresh tokens) per address per window; then login and refresh answer 429 (0 = off)',
  ),
  RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS: int(
    3000,
    'Requests to the player-limited routes below per address per window, all players together (0 = off)',
  ),
  RATE_LIMIT_UPLOADS_PER_PLAYER: int(
    10,
    'Image uploads (generation photos, meme and template uploads) per player per window (0 = off)',
  ),
  RATE_LIMIT_GENERATIONS_PER_PLAYER: int(20, 'Generation requests per player per window (0 = off)'),
  RATE_LIMIT_SWIPES_PER_PLAYER: int(300, 'Swipes per player per window (0 = off)'),
  RATE_LIMIT_VOTES_PER_PLAYER: int(300, 'Feed votes per player per window (0 = off)'),
  RATE_LIMIT_PAYMENTS_PER_PLAYER: int(20, 'Invoices (credit packs, boosts) per player per window (0 = off)'),
  RATE_LIMIT_PROMO_PER_PLAYER: int(
    10,
    'Promo code applications and creations per player per window (codes are guessable; 0 = off)',
  ),
  RATE_LIMIT_WALLET_PER_PLAYER: int(10, 'TON wallet proofs per player per window (0 = off)'),
  RATE_LIMIT_REPORTS_PER_PLAYER: int(20, 'Meme reports per player per window (0 = off)'),

  MODERATION_HIDE_AFTER_REPORTS: int(
    3,
    'Distinct players’ open reports that hide a meme from the deck, feed and share page until an admin decides',
    1,
  ),

  SWIPES_MAX: int(60, 'Swipe bar maximum; new users start full; refill stops here', 1),
  SWIPE_REFILL_SECONDS: int(60, 'One swipe refills per this many seconds', 1),
  SWIPE_MIN_INTERVAL_MS: int(300, 'Swipes faster than this per user answer 429', 0),
  SWIPE_GIFT_EVERY: int(10, 'Every N-th swipe rolls a random gift', 1),
  SWIPE_GIFT_CHANCE: {
    doc: 'Chance of a gift on such a swipe (0–1)',
    fallback: 0.3,
    parse: decimal(0, 1),
  } as EnvVar<number>,
  SWIPE_GIFT_COINS_MIN: int(50, 'Smallest coin gift'),
  SWIPE_GIFT_COINS_MAX: int(500, 'Largest coin gift'),
  SWIPE_GIFT_CREDITS: int(1, 'Credits in a credit gift'),
  SWIPE_GIFT_SWIPES: int(10, 'Swipes in a swipe gift'),
  SWIPE_GIFT_BOOST_DAYS: int(1, 'Boost days in a boost gift'),
  SWIPE_GIFT_WEIGHT_COINS: int(60, 'Relative weight of coin gifts'),
  SWIPE_GIFT_WEIGHT_CREDITS: int(20, 'Relative weight of credit gifts'),
  SWIPE_GIFT_WEIGHT_SWIPES: int(15, 'Relative weight of swipe gifts'),
  SWIPE_GIFT_WEIGHT_BOOST: int(5, 'Relative weight of boost gifts'),
  SWIPE_DECK_CANDIDATES: int(1000, 'The deck ranks this many of the newest memes a player has not swiped', 1),
  SWIPE_DECK_FRESHNESS_HOURS: int(
    24,
    'Deck ranking: a meme this many hours older needs twice the likes to rank the same',
    1,
  ),
  SWIPE_DECK_JITTER: {
    doc: 'Deck ranking randomness (0 = none; 1 lets a meme with half the likes come first)',
    fallback: 1,
    parse: decimal(0, 10),
  } as EnvVar<number>,
  LIKES_FLUSH_INTERVAL_MS: int(
    1000,
    'Likes are added to memes’ counts and their authors’ coins in batches this often',
    10,
  ),
  LIKES_FLUSH_BATCH: int(10_000, 'Most likes applied in one batch', 1),

  COINS_PER_SWIPE: int(1, 'Coins for each swipe made (×m)'),
  COINS_PER_LIKE_RECEIVED: int(2, 'Coins to the author per like of a published meme (×m)'),
  MEME_OF_THE_DAY_COINS: int(1000, 'Coins to the author of the meme of the day (×m)'),
  EARN_MULTIPLIER_BOOSTED: int(4, 'Earning multiplier m while boosted or for influencers (else 1)', 1),
  FEED_VOTE_DEFAULT_STAKE: int(10, 'Coins a feed vote stakes when the body names no amount', 1),
  FEED_VOTE_MIN_STAKE: int(1, 'Smallest feed vote stake', 1),

  REFERRAL_COINS: int(500, 'Coins to the inviter when a friend’s first generation succeeds (×m)'),
  REFERRAL_CREDITS: int(1, 'Credits to the inviter when a friend’s first generation succeeds'),
  SQUAD_SWITCH_COOLDOWN_HOURS: int(24, 'A user may switch squads once per this many hours'),
  INFLUENCER_SHARE_PERCENT: int(
    10,
    'Percent of members’ Stars spending accrued to the squad influencer',
    0,
    100,
  ),

  LEADERBOARD_SIZE: int(100, 'Entries of the global leaderboard', 1),
  RATING_BROADCAST_INTERVAL_MS: int(1000, 'Leaderboard socket updates at most once per this interval', 1),

  PROMO_CODE_LENGTH: int(8, 'Length of generated promo codes', 6),
  PROMO_CODE_MIN_LENGTH: int(6, 'Shorter codes are rejected with 400', 1),
  PROMO_CREDITS_PER_USE: int(5, 'Credits a new promo code grants per use', 1),
  PROMO_MAX_USES: int(1000, 'Uses of a new promo code', 1),

  STICKER_SIZE_PX: int(512, 'Side of a sticker image (WEBP)', 1),
  TON_PROOF_MAX_AGE_SECONDS: int(900, 'Oldest TON Connect proof timestamp accepted', 1),
  TON_PROOF_PAYLOAD_TTL_SECONDS: int(900, 'A TON proof payload expires this long after it was issued', 1),
  TON_PROOF_SECRET: {
    doc: 'HMAC secret of the TON proof payloads, at least 32 characters. Required in production',
    fallback: developmentOnly('development-ton-proof-secret-not-secret'),
    fallbackDoc: 'a fixed development secret (none in production)',
    parse: secret(32),
  } as EnvVar<string>,
  TON_PROOF_DOMAINS: {
    doc: 'Comma-separated app domains a TON proof may be signed for. Required in production',
    fallback: (env) => {
      const host = hostOf(env.PUBLIC_URL);
      if (host) return [host];
      return env.NODE_ENV === 'production' ? undefined : ['localhost:3000', 'localhost:5173'];
    },
    fallbackDoc: 'the host of PUBLIC_URL (localhost in dev)',
    parse: domains,
  } as EnvVar<string[]>,
  TON_NETWORK: {
    doc: 'TON network of the wallets players may link: `mainnet` or `testnet`',
    fallback: 'mainnet',
    parse: oneOf('mainnet', 'testnet'),
  } as EnvVar<'mainnet' | 'testnet'>,
  TON_CONNECT_ICON_PATH: {
    doc: 'TON Connect manifest icon (PNG 180×180): a path on PUBLIC_URL or an absolute URL',
    fallback: '/icon-180.png',
    parse: text,
  } as EnvVar<string>,
  AIRDROP_TOTAL_CACHE_SECONDS: int(
    60,
    'How long the total of all players’ earned coins (airdrop share) is cached',
    1,
  ),
} satisfies Record<string, EnvVar<unknown>>;

export type EnvName = keyof typeof ENV_VARS;

/** Variables that may stay unset (everything else has a default or is required). */
const OPTIONAL = [
  'FRONTEND_DIST',
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'MEDIA_PUBLIC_BASE_URL',
  'TELEGRAM_WEBHOOK_SECRET',
  'METRICS_PORT',
  'PUBLIC_URL',
] as const satisfies readonly EnvName[];
type OptionalName = (typeof OPTIONAL)[number];

type ValueOf<K extends EnvName> = (typeof ENV_VARS)[K] extends EnvVar<infer T> ? T : never;
export type EnvValues = { [K in Exclude<EnvName, OptionalName>]: ValueOf<K> } & {
  [K in OptionalName]: ValueOf<K> | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates every variable; throws one ConfigError naming every bad or missing one. */
export function readEnv(env: Env): EnvValues {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(ENV_VARS) as [EnvName, EnvVar<unknown>][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      const fallback = typeof spec.fallback === 'function' ? spec.fallback(env) : spec.fallback;
      if (fallback === undefined && !(OPTIONAL as readonly string[]).includes(name)) {
        problems.push(`${name} is required`);
      }
      values[name] = fallback;
      continue;
    }
    const parsed = spec.parse(raw);
    if ('error' in parsed) problems.push(`${name} ${parsed.error}`);
    else values[name] = parsed.value;
  }
  if (problems.length) throw new ConfigError(problems);
  const checked = values as EnvValues;
  problems.push(...SAFETY_RULES.map((rule) => rule(checked)).filter((problem) => problem !== null));
  if (problems.length) throw new ConfigError(problems);
  return checked;
}

/** The media store the variables describe (the inference worker reads the same names). */
export function mediaStoreOf(v: EnvValues): MediaStoreConfig {
  if (v.MEDIA_STORE === 'dir') return { kind: 'dir', dir: v.MEDIA_DIR };
  return {
    kind: 's3',
    bucket: v.MEDIA_S3_BUCKET ?? '',
    endpoint: v.MEDIA_S3_ENDPOINT,
    region: v.MEDIA_S3_REGION,
    accessKeyId: v.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: v.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: v.MEDIA_S3_FORCE_PATH_STYLE,
    publicBaseUrl: v.MEDIA_PUBLIC_BASE_URL,
    urlTtlSeconds: v.MEDIA_S3_URL_TTL_SECONDS,
  };
}

/** Combinations of valid values that would run the API unsafely: each refuses to boot. */
const SAFETY_RULES: ((values: EnvValues) => string | null)[] = [
  (v) =>
    v.NODE_ENV === 'production' && Buffer.byteLength(v.JWT_SECRET) < PRODUCTION_JWT_SECRET_MIN_BYTES
      ? `JWT_SECRET must be at least ${PRODUCTION_JWT_SECRET_MIN_BYTES} bytes in production`
      : null,
  (v) =>
    v.TELEGRAM_BOT_TOKEN !== DEVELOPMENT_BOT_TOKEN && v.TELEGRAM_WEBHOOK_SECRET === undefined
      ? 'TELEGRAM_WEBHOOK_SECRET is required with a real TELEGRAM_BOT_TOKEN'
      : null,
  (v) =>
    v.DEV_LOGIN && v.TELEGRAM_BOT_TOKEN !== DEVELOPMENT_BOT_TOKEN
      ? 'DEV_LOGIN=1 is refused with a real TELEGRAM_BOT_TOKEN: the development login signs init data for any Telegram id'
      : null,
  (v) => (v.DEV_LOGIN && v.NODE_ENV === 'production' ? 'DEV_LOGIN=1 is refused in production' : null),
  (v) => mediaStoreProblems(mediaStoreOf(v), v.NODE_ENV === 'production').join('; ') || null,
];
