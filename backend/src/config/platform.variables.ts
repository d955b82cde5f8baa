import path from 'node:path';

import { MEDIA_DEFAULTS } from '@mememint/media';

import {
  chatId,
  flag,
  integer,
  matching,
  oneOf,
  origin,
  telegramIds,
  text,
  trustProxy,
  url,
  webhookSecret,
} from './env-parsers.js';
import { envVar, int } from './env-var.js';

/**
 * The bot token outside production when none is set (`npm start` runs the fake Bot API for it). It
 * is public, so init data it signs proves nothing: anything else counts as a real token, which the
 * development login is never allowed with.
 */
export const DEVELOPMENT_BOT_TOKEN = '1234567890:development-bot-token-not-secret';

/** Shortest JWT_SECRET accepted in production: HS256 wants a key of at least its hash's 32 bytes. */
export const PRODUCTION_JWT_SECRET_MIN_BYTES = 32;

/** The variables of the platform the game runs on (server, stores, Telegram, auth, rate limits). */
export const PLATFORM_VARIABLES = {
  env: envVar('NODE_ENV', {
    doc: '`development`, `test` or `production` (production requires real secrets, refuses the dev login and hides the API docs)',
    fallback: 'development',
    parse: oneOf('development', 'test', 'production'),
  }),
  port: int('PORT', 3000, 'HTTP port of the API (and of the built frontend)', 0, 65535),
  trustProxy: envVar('TRUST_PROXY', {
    doc: 'Which proxies’ `X-Forwarded-*` headers to believe (Express’s `trust proxy`: `false`, a hop count, or addresses/subnets/`loopback`/`uniquelocal`); the client address the per-address limits count comes from them',
    fallback: false,
    parse: trustProxy,
  }),
  logLevel: envVar('LOG_LEVEL', {
    doc: 'pino log level',
    fallback: 'info',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
  }),
  databaseUrl: envVar('DATABASE_URL', {
    doc: 'PostgreSQL connection URL. `npm start` starts an embedded PostgreSQL when it is unset',
    parse: url('postgres:', 'postgresql:'),
  }),
  databasePool: {
    size: int('DATABASE_POOL_SIZE', 10, 'PostgreSQL connections per API process', 1, 1000),
    timeoutMs: int(
      'DATABASE_POOL_TIMEOUT_MS',
      5000,
      'How long a request waits for a free PostgreSQL connection before it is answered 503 (busy)',
      100,
    ),
    idleMs: envVar('DATABASE_POOL_IDLE_SECONDS', {
      doc: 'Close a PostgreSQL connection idle this long (0 = keep them: no reconnects when load returns)',
      fallback: 0,
      parse: integer(0),
      to: (seconds) => seconds * 1000,
    }),
  },
  redis: {
    url: envVar('REDIS_URL', {
      doc: 'Redis URL (Bull queues, leaderboards, rate limits, socket.io adapter)',
      fallback: 'redis://127.0.0.1:6379',
      parse: url('redis:', 'rediss:'),
    }),
    keyPrefix: envVar('REDIS_KEY_PREFIX', {
      doc: 'Prefix of every Redis key the backend writes itself (not Bull’s)',
      fallback: 'mm:',
      parse: text,
    }),
    bullPrefix: envVar('BULL_PREFIX', {
      doc: 'Key prefix of the Bull queues; backend and inference worker must agree',
      fallback: 'bull',
      parse: text,
    }),
  },
  socketReplay: {
    events: int(
      'SOCKET_REPLAY_EVENTS',
      100,
      'Events kept per player for a socket that reconnects (its missed events are sent again; 0 = none kept)',
      0,
    ),
    seconds: int(
      'SOCKET_REPLAY_SECONDS',
      120,
      'How long a player’s events are kept for a reconnecting socket',
      1,
    ),
  },
  metrics: {
    port: envVar('METRICS_PORT', {
      doc: 'Port of the Prometheus `/metrics` endpoint, apart from the public one (0 = a free port); unset = none',
      optional: true,
      parse: integer(0, 65535),
    }),
  },
  shutdownGraceSeconds: int(
    'SHUTDOWN_GRACE_SECONDS',
    25,
    'On SIGTERM, how long requests in flight may take to finish before their connections are closed (keep it under the orchestrator’s grace period, 30 s in k8s)',
    0,
  ),
  http: {
    jsonBodyLimit: envVar('JSON_BODY_LIMIT', {
      doc: 'Largest JSON request body (larger answers 413)',
      fallback: '1mb',
      parse: text,
    }),
    jsonMaxDepth: int(
      'JSON_MAX_DEPTH',
      32,
      'Deepest nesting of objects and arrays in a JSON request body (deeper answers 400)',
      1,
      256,
    ),
    frontendDist: envVar('FRONTEND_DIST', {
      doc: 'Built mini app served on the API port with an SPA fallback; unset = API only (`npm start` sets it)',
      optional: true,
      parse: text,
      to: (dir) => path.resolve(dir),
    }),
    publicUrl: envVar('PUBLIC_URL', {
      doc: 'Public origin of the app (`https://host`): link previews, TON manifest, the Telegram webhook registered at start. Required in production; unset elsewhere = request host, no webhook',
      optional: true,
      parse: origin,
      to: (value) => value.replace(/\/+$/, ''),
    }),
    apiDocs: envVar('API_DOCS', {
      doc: 'Serve the OpenAPI page and document at `/api/docs` (`1` or `0`)',
      fallback: (env) => env.NODE_ENV !== 'production',
      fallbackDoc: '`1`, but `0` in production',
      parse: flag,
    }),
  },
  media: {
    storeKind: envVar('MEDIA_STORE', {
      doc: 'Where uploaded photos and generated memes live, shared with the inference worker: `dir` (MEDIA_DIR) or `s3` (an S3-compatible bucket, MEDIA_S3_*; see docs/OPERATIONS.md)',
      fallback: 'dir',
      parse: oneOf('dir', 's3'),
    }),
    /** Resolved: the store's directory with MEDIA_STORE=dir. */
    dir: envVar('MEDIA_DIR', {
      doc: 'Directory of uploaded photos and generated memes with MEDIA_STORE=dir (shared with the inference worker)',
      fallback: MEDIA_DEFAULTS.dir,
      parse: text,
      to: (dir) => path.resolve(dir),
    }),
    s3: {
      bucket: envVar('MEDIA_S3_BUCKET', {
        doc: 'Bucket of the media with MEDIA_STORE=s3 (required then)',
        optional: true,
        parse: text,
      }),
      endpoint: envVar('MEDIA_S3_ENDPOINT', {
        doc: 'Endpoint of an S3-compatible server (MinIO, R2…); unset = AWS S3 of MEDIA_S3_REGION',
        optional: true,
        parse: url('http:', 'https:'),
      }),
      region: envVar('MEDIA_S3_REGION', {
        doc: 'Region of the media bucket',
        fallback: MEDIA_DEFAULTS.s3Region,
        parse: text,
      }),
      accessKeyId: envVar('MEDIA_S3_ACCESS_KEY_ID', {
        doc: 'Access key of the media bucket; unset = the AWS SDK’s default credentials (required in production with MEDIA_STORE=s3)',
        optional: true,
        parse: text,
      }),
      secretAccessKey: envVar('MEDIA_S3_SECRET_ACCESS_KEY', {
        doc: 'Secret of MEDIA_S3_ACCESS_KEY_ID',
        optional: true,
        parse: text,
      }),
      forcePathStyle: envVar('MEDIA_S3_FORCE_PATH_STYLE', {
        doc: '`1`: address the bucket as `<endpoint>/<bucket>/<key>` (most S3-compatible servers) instead of `<bucket>.<endpoint>`',
        fallback: false,
        parse: flag,
      }),
      urlTtlSeconds: int(
        'MEDIA_S3_URL_TTL_SECONDS',
        MEDIA_DEFAULTS.s3UrlTtlSeconds,
        'Lifetime of the presigned URLs `/api/media/…` redirects to (MEDIA_STORE=s3 without MEDIA_PUBLIC_BASE_URL)',
        1,
        604_800,
      ),
      publicBaseUrl: envVar('MEDIA_PUBLIC_BASE_URL', {
        doc: 'A CDN (or public bucket) URL serving the bucket’s keys: `/api/media/<key>` redirects to `<base>/<key>` instead of a presigned URL',
        optional: true,
        parse: url('http:', 'https:'),
      }),
    },
    maxImageBytes: int('UPLOAD_MAX_BYTES', 10 * 1024 * 1024, 'Largest photo upload', 1),
    maxImagePixels: envVar('UPLOAD_MAX_MEGAPIXELS', {
      doc: 'Largest photo upload in megapixels',
      fallback: 40,
      parse: integer(1),
      to: (megapixels) => megapixels * 1_000_000,
    }),
    maxConcurrentUploads: int(
      'UPLOAD_MAX_CONCURRENT',
      1,
      'Image uploads decoded at once per API process; more wait their turn (bounds memory under parallel large uploads)',
      1,
    ),
    maxBufferedUploadBytes: int(
      'UPLOAD_MAX_BUFFERED_BYTES',
      64 * 1024 * 1024,
      'Upload bodies received at once per API process, each counted at its Content-Length (else UPLOAD_MAX_BYTES); past it an upload answers 503',
      1,
    ),
    minUploadBytesPerSecond: int(
      'UPLOAD_MIN_BYTES_PER_SECOND',
      8 * 1024,
      'Slowest upload body accepted (its average after its first seconds); a slower one is cut off with 408',
      1,
    ),
  },
  /** Limits per window (0 = off), counted in Redis so they hold across replicas. */
  rateLimits: {
    windowSeconds: int(
      'RATE_LIMIT_WINDOW_SECONDS',
      60,
      'Window of every rate limit below (counted in Redis, shared by replicas)',
      1,
    ),
    authPerAddress: int(
      'RATE_LIMIT_AUTH_PER_ADDRESS',
      600,
      'Logins and token refreshes per address per window (generous: carrier NAT puts many players on one address; 0 = off)',
    ),
    authFailuresPerAddress: int(
      'RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS',
      30,
      'Failed logins and refreshes (bad init data, bad refresh tokens) per address per window; then login and refresh answer 429 (0 = off)',
    ),
    playerRoutesPerAddress: int(
      'RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS',
      3000,
      'Requests to the player-limited routes below per address per window, all players together (0 = off)',
    ),
    perPlayer: {
      uploads: int(
        'RATE_LIMIT_UPLOADS_PER_PLAYER',
        10,
        'Image uploads (generation photos, meme and template uploads) per player per window (0 = off)',
      ),
      generations: int(
        'RATE_LIMIT_GENERATIONS_PER_PLAYER',
        20,
        'Generation requests per player per window (0 = off)',
      ),
      captions: int(
        'RATE_LIMIT_CAPTIONS_PER_PLAYER',
        20,
        'Meme edits (`PATCH /v1/memes/{id}/`: each new caption is a worker job and two files) per player per window (0 = off)',
      ),
      swipes: int('RATE_LIMIT_SWIPES_PER_PLAYER', 300, 'Swipes per player per window (0 = off)'),
      votes: int('RATE_LIMIT_VOTES_PER_PLAYER', 300, 'Feed votes per player per window (0 = off)'),
      payments: int(
        'RATE_LIMIT_PAYMENTS_PER_PLAYER',
        20,
        'Invoices (credit packs, boosts) per player per window (0 = off)',
      ),
      promo: int(
        'RATE_LIMIT_PROMO_PER_PLAYER',
        10,
        'Promo code applications and creations per player per window (codes are guessable; 0 = off)',
      ),
      wallet: int('RATE_LIMIT_WALLET_PER_PLAYER', 10, 'TON wallet proofs per player per window (0 = off)'),
      reports: int('RATE_LIMIT_REPORTS_PER_PLAYER', 20, 'Meme reports per player per window (0 = off)'),
    },
  },
  telegram: {
    botToken: envVar('TELEGRAM_BOT_TOKEN', {
      doc: 'Bot token: signs init data, calls the Bot API. Required in production',
      fallback: DEVELOPMENT_BOT_TOKEN,
      requiredInProduction: true,
      fallbackDoc: 'a fixed development token (none in production)',
      parse: text,
    }),
    apiUrl: envVar('TELEGRAM_API_URL', {
      doc: 'Bot API base URL (tests and `npm start` without a real bot token point it at the fake Bot API server)',
      fallback: 'https://api.telegram.org',
      parse: url('http:', 'https:'),
      to: (value) => value.replace(/\/+$/, ''),
    }),
    webhookSecret: envVar('TELEGRAM_WEBHOOK_SECRET', {
      doc: 'Secret Telegram sends with each webhook call (`X-Telegram-Bot-Api-Secret-Token`); without it every webhook call is refused. Required with a real bot token; `npm start` sets one for the fake Bot API',
      optional: true,
      fallbackDoc: '(none)',
      parse: webhookSecret,
    }),
    apiTimeoutMs: int('TELEGRAM_API_TIMEOUT_MS', 10_000, 'Time limit of one Bot API request', 100),
    apiMaxAttempts: int(
      'TELEGRAM_API_MAX_ATTEMPTS',
      3,
      'Attempts of a Bot API call answered 429, 5xx or not at all',
      1,
      10,
    ),
    apiMaxRetryAfterSeconds: int(
      'TELEGRAM_API_MAX_RETRY_AFTER_SECONDS',
      30,
      'A Bot API 429 asking to wait longer than this fails at once instead of waiting',
    ),
    newsChannelId: envVar('NEWS_CHANNEL_ID', {
      doc: 'The news channel of the "subscribe" quest (`getChatMember`; the bot must be its admin)',
      fallback: '@mememint_news',
      parse: chatId,
    }),
    newsChannelLink: envVar('NEWS_CHANNEL_LINK', {
      doc: 'Link the "subscribe" quest opens',
      fallback: 'https://t.me/mememint_news',
      parse: url('https:'),
    }),
    botUsername: envVar('TELEGRAM_BOT_USERNAME', {
      doc: 'The bot’s username (no @) of the invite and share links `https://t.me/<bot>/<app>?startapp=…`',
      fallback: 'MemeMintBot',
      parse: matching(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'a Telegram bot username (letters, digits, _)'),
    }),
    appName: envVar('TELEGRAM_APP_NAME', {
      doc: 'The mini app’s short name in those links (set with @BotFather /newapp)',
      fallback: 'app',
      parse: matching(/^[A-Za-z0-9_]{3,30}$/, 'a mini app short name (3–30 letters, digits, _)'),
    }),
  },
  auth: {
    jwtSecret: envVar('JWT_SECRET', {
      doc: 'HMAC secret of the access tokens. Required in production, at least 32 bytes there',
      fallback: 'development-jwt-secret-not-secret',
      requiredInProduction: true,
      fallbackDoc: 'a fixed development secret (none in production)',
      parse: text,
      productionRule: (secret) =>
        Buffer.byteLength(secret) < PRODUCTION_JWT_SECRET_MIN_BYTES
          ? `must be at least ${PRODUCTION_JWT_SECRET_MIN_BYTES} bytes in production`
          : null,
    }),
    authDateMaxAgeSeconds: int(
      'AUTH_DATE_MAX_AGE_SECONDS',
      86_400,
      'Oldest Telegram init data `auth_date` accepted at login',
      1,
    ),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 900, 'Lifetime of an access token (JWT)', 1),
    refreshTokenTtlDays: int('REFRESH_TOKEN_TTL_DAYS', 30, 'Lifetime of a refresh token', 1),
    refreshReuseGraceSeconds: int(
      'REFRESH_REUSE_GRACE_SECONDS',
      10,
      'A refresh token presented again this soon after its exchange answers the same new pair (two tabs, a retried request); later, reuse closes the session',
      0,
    ),
    authDateFutureSkewSeconds: int(
      'AUTH_DATE_FUTURE_SKEW_SECONDS',
      60,
      'Clock skew tolerated for an init data `auth_date` ahead of ours',
    ),
    adminTgIds: envVar('ADMIN_TG_IDS', {
      doc: 'Comma-separated Telegram ids made admins at login; an id taken off the list stops being one at its next login',
      fallback: [],
      fallbackDoc: '(none)',
      parse: telegramIds,
      to: (ids): readonly number[] => ids,
    }),
    /** The development login route (DEV_LOGIN=1; never with a real bot token or in production). */
    devLogin: envVar('DEV_LOGIN', {
      doc: '`1` opens the development login routes under `/api/v1/auth/dev/` (they sign init data for any id); refused in production and with a real bot token. `npm start` sets it when it runs the fake Bot API',
      fallback: false,
      parse: flag,
    }),
  },
};
