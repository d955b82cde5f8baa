import path from 'node:path';

import type { MediaStoreConfig } from '@mememint/media';

import { ConfigError, DEVELOPMENT_BOT_TOKEN, mediaStoreOf, readEnv } from './env.js';

/**
 * The validated configuration, grouped by concern. Built once at boot from the environment;
 * inject it with `constructor(private readonly config: AppConfig)`.
 */
export class AppConfig {
  readonly env: 'development' | 'test' | 'production';
  readonly port: number;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly databaseUrl: string;
  readonly databasePool: { size: number; timeoutMs: number; idleMs: number };
  readonly redis: { url: string; keyPrefix: string; bullPrefix: string };
  readonly metrics: { port: number | undefined };
  readonly shutdownGraceSeconds: number;
  readonly http: {
    jsonBodyLimit: string;
    jsonMaxDepth: number;
    frontendDist: string | undefined;
    publicUrl: string | undefined;
    apiDocs: boolean;
  };
  readonly media: {
    /** The store of every image: MEDIA_STORE (a directory, the default, or an S3-compatible bucket). */
    store: MediaStoreConfig;
    /** MEDIA_DIR, resolved (the store's directory with MEDIA_STORE=dir). */
    dir: string;
    maxImageBytes: number;
    maxImagePixels: number;
    maxConcurrentUploads: number;
  };
  /** Limits per window (0 = off), counted in Redis so they hold across replicas. */
  readonly rateLimits: {
    windowSeconds: number;
    authPerAddress: number;
    authFailuresPerAddress: number;
    playerRoutesPerAddress: number;
    perPlayer: Record<
      'uploads' | 'generations' | 'swipes' | 'votes' | 'payments' | 'promo' | 'wallet' | 'reports',
      number
    >;
  };
  readonly moderation: {
    /** Distinct players' open reports that hide a meme pending an admin's decision. */
    hideAfterReports: number;
  };
  readonly telegram: {
    botToken: string;
    /** False for the public development token (which signs nothing a real player sends). */
    hasRealBotToken: boolean;
    apiUrl: string;
    webhookSecret: string | undefined;
    apiTimeoutMs: number;
    apiMaxAttempts: number;
    apiMaxRetryAfterSeconds: number;
    newsChannelId: string;
    newsChannelLink: string;
    botUsername: string;
    appName: string;
  };
  readonly auth: {
    jwtSecret: string;
    authDateMaxAgeSeconds: number;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    authDateFutureSkewSeconds: number;
    adminTgIds: readonly number[];
    /** The development login route (DEV_LOGIN=1; never with a real bot token or in production). */
    devLogin: boolean;
  };
  readonly generation: {
    newUserCredits: number;
    cost: number;
    freeIntervalMinutes: number;
    jobAttempts: number;
    jobBackoffMs: number;
    deadlineSeconds: number;
    sweepIntervalSeconds: number;
    maxActivePerPlayer: number;
    analysisTimeoutMs: number;
  };
  readonly swipes: {
    max: number;
    refillSeconds: number;
    minIntervalMs: number;
    giftEvery: number;
    giftChance: number;
    giftCoinsMin: number;
    giftCoinsMax: number;
    giftCredits: number;
    giftSwipes: number;
    giftBoostDays: number;
    giftWeights: { coins: number; credits: number; swipes: number; boost: number };
    deckCandidates: number;
    deckFreshnessHours: number;
    deckJitter: number;
  };
  readonly likes: { flushIntervalMs: number; flushBatch: number };
  readonly coins: {
    perSwipe: number;
    perLikeReceived: number;
    memeOfTheDay: number;
    boostedMultiplier: number;
    feedVoteDefaultStake: number;
    feedVoteMinStake: number;
  };
  readonly referrals: {
    coins: number;
    credits: number;
    squadSwitchCooldownHours: number;
    influencerSharePercent: number;
  };
  readonly rating: { leaderboardSize: number; broadcastIntervalMs: number };
  readonly promo: { codeLength: number; minLength: number; creditsPerUse: number; maxUses: number };
  readonly stickers: { sizePx: number };
  readonly ton: {
    network: 'mainnet' | 'testnet';
    proofSecret: string;
    proofMaxAgeSeconds: number;
    payloadTtlSeconds: number;
    proofDomains: readonly string[];
    connectIconPath: string;
    airdropTotalCacheSeconds: number;
  };

  /** Throws ConfigError naming every missing or malformed variable. */
  constructor(source: Readonly<Record<string, string | undefined>>) {
    const e = readEnv(source);
    this.env = e.NODE_ENV;
    this.port = e.PORT;
    this.logLevel = e.LOG_LEVEL;
    this.databaseUrl = e.DATABASE_URL;
    this.databasePool = {
      size: e.DATABASE_POOL_SIZE,
      timeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
      idleMs: e.DATABASE_POOL_IDLE_SECONDS * 1000,
    };
    this.redis = { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX, bullPrefix: e.BULL_PREFIX };
    this.metrics = { port: e.METRICS_PORT };
    this.shutdownGraceSeconds = e.SHUTDOWN_GRACE_SECONDS;
    this.http = {
      jsonBodyLimit: e.JSON_BODY_LIMIT,
      jsonMaxDepth: e.JSON_MAX_DEPTH,
      frontendDist: e.FRONTEND_DIST && path.resolve(e.FRONTEND_DIST),
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      apiDocs: e.API_DOCS,
    };
    const media = mediaStoreOf(e);
    this.media = {
      store: media.kind === 'dir' ? { kind: 'dir', dir: path.resolve(media.dir) } : media,
      dir: path.resolve(e.MEDIA_DIR),
      maxImageBytes: e.UPLOAD_MAX_BYTES,
      maxImagePixels: e.UPLOAD_MAX_MEGAPIXELS * 1_000_000,
      maxConcurrentUploads: e.UPLOAD_MAX_CONCURRENT,
    };
    this.rateLimits = {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      authPerAddress: e.RATE_LIMIT_AUTH_PER_ADDRESS,
      authFailuresPerAddress: e.RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS,
      playerRoutesPerAddress: e.RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS,
      perPlayer: {
        uploads: e.RATE_LIMIT_UPLOADS_PER_PLAYER,
        generations: e.RATE_LIMIT_GENERATIONS_PER_PLAYER,
        swipes: e.RATE_LIMIT_SWIPES_PER_PLAYER,
        votes: e.RATE_LIMIT_VOTES_PER_PLAYER,
        payments: e.RATE_LIMIT_PAYMENTS_PER_PLAYER,
        promo: e.RATE_LIMIT_PROMO_PER_PLAYER,
        wallet: e.RATE_LIMIT_WALLET_PER_PLAYER,
        reports: e.RATE_LIMIT_REPORTS_PER_PLAYER,
      },
    };
    this.moderation = { hideAfterReports: e.MODERATION_HIDE_AFTER_REPORTS };
    this.telegram = {
      botToken: e.TELEGRAM_BOT_TOKEN,
      hasRealBotToken: e.TELEGRAM_BOT_TOKEN !== DEVELOPMENT_BOT_TOKEN,
      apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
      apiTimeoutMs: e.TELEGRAM_API_TIMEOUT_MS,
      apiMaxAttempts: e.TELEGRAM_API_MAX_ATTEMPTS,
      apiMaxRetryAfterSeconds: e.TELEGRAM_API_MAX_RETRY_AFTER_SECONDS,
      newsChannelId: e.NEWS_CHANNEL_ID,
      newsChannelLink: e.NEWS_CHANNEL_LINK,
      botUsername: e.TELEGRAM_BOT_USERNAME,
      appName: e.TELEGRAM_APP_NAME,
    };
    this.auth = {
      jwtSecret: e.JWT_SECRET,
      authDateMaxAgeSeconds: e.AUTH_DATE_MAX_AGE_SECONDS,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      authDateFutureSkewSeconds: e.AUTH_DATE_FUTURE_SKEW_SECONDS,
      adminTgIds: e.ADMIN_TG_IDS,
      devLogin: e.DEV_LOGIN,
    };
    this.generation = {
      newUserCredits: e.NEW_USER_CREDITS,
      cost: e.GENERATION_COST,
      freeIntervalMinutes: e.FREE_GENERATION_INTERVAL_MINUTES,
      jobAttempts: e.GENERATION_JOB_ATTEMPTS,
      jobBackoffMs: e.GENERATION_JOB_BACKOFF_MS,
      deadlineSeconds: e.GENERATION_DEADLINE_SECONDS,
      sweepIntervalSeconds: e.GENERATION_SWEEP_SECONDS,
      maxActivePerPlayer: e.GENERATION_MAX_ACTIVE_PER_PLAYER,
      analysisTimeoutMs: e.FACE_ANALYSIS_TIMEOUT_MS,
    };
    this.swipes = {
      max: e.SWIPES_MAX,
      refillSeconds: e.SWIPE_REFILL_SECONDS,
      minIntervalMs: e.SWIPE_MIN_INTERVAL_MS,
      giftEvery: e.SWIPE_GIFT_EVERY,
      giftChance: e.SWIPE_GIFT_CHANCE,
      giftCoinsMin: e.SWIPE_GIFT_COINS_MIN,
      giftCoinsMax: e.SWIPE_GIFT_COINS_MAX,
      giftCredits: e.SWIPE_GIFT_CREDITS,
      giftSwipes: e.SWIPE_GIFT_SWIPES,
      giftBoostDays: e.SWIPE_GIFT_BOOST_DAYS,
      giftWeights: {
        coins: e.SWIPE_GIFT_WEIGHT_COINS,
        credits: e.SWIPE_GIFT_WEIGHT_CREDITS,
        swipes: e.SWIPE_GIFT_WEIGHT_SWIPES,
        boost: e.SWIPE_GIFT_WEIGHT_BOOST,
      },
      deckCandidates: e.SWIPE_DECK_CANDIDATES,
      deckFreshnessHours: e.SWIPE_DECK_FRESHNESS_HOURS,
      deckJitter: e.SWIPE_DECK_JITTER,
    };
    this.likes = { flushIntervalMs: e.LIKES_FLUSH_INTERVAL_MS, flushBatch: e.LIKES_FLUSH_BATCH };
    this.coins = {
      perSwipe: e.COINS_PER_SWIPE,
      perLikeReceived: e.COINS_PER_LIKE_RECEIVED,
      memeOfTheDay: e.MEME_OF_THE_DAY_COINS,
      boostedMultiplier: e.EARN_MULTIPLIER_BOOSTED,
      feedVoteDefaultStake: e.FEED_VOTE_DEFAULT_STAKE,
      feedVoteMinStake: e.FEED_VOTE_MIN_STAKE,
    };
    this.referrals = {
      coins: e.REFERRAL_COINS,
      credits: e.REFERRAL_CREDITS,
      squadSwitchCooldownHours: e.SQUAD_SWITCH_COOLDOWN_HOURS,
      influencerSharePercent: e.INFLUENCER_SHARE_PERCENT,
    };
    this.rating = {
      leaderboardSize: e.LEADERBOARD_SIZE,
      broadcastIntervalMs: e.RATING_BROADCAST_INTERVAL_MS,
    };
    this.promo = {
      codeLength: e.PROMO_CODE_LENGTH,
      minLength: e.PROMO_CODE_MIN_LENGTH,
      creditsPerUse: e.PROMO_CREDITS_PER_USE,
      maxUses: e.PROMO_MAX_USES,
    };
    this.stickers = { sizePx: e.STICKER_SIZE_PX };
    this.ton = {
      network: e.TON_NETWORK,
      proofSecret: e.TON_PROOF_SECRET,
      proofMaxAgeSeconds: e.TON_PROOF_MAX_AGE_SECONDS,
      payloadTtlSeconds: e.TON_PROOF_PAYLOAD_TTL_SECONDS,
      proofDomains: e.TON_PROOF_DOMAINS,
      connectIconPath: e.TON_CONNECT_ICON_PATH,
      airdropTotalCacheSeconds: e.AIRDROP_TOTAL_CACHE_SECONDS,
    };
  }
}

/** One line for the boot log: the mode the API runs in and the switches that make it safe or not. */
export function describeMode(config: AppConfig): string {
  return [
    `NODE_ENV=${config.env}`,
    config.telegram.hasRealBotToken
      ? 'real Telegram bot token'
      : 'development bot token (public, signs nothing real)',
    config.auth.devLogin ? 'development login ON (any Telegram id can log in)' : 'development login off',
    config.http.apiDocs ? 'API docs at /api/docs' : 'API docs off',
  ].join(', ');
}

/**
 * The config of a process entry point (the server, the admin command). A bad environment is printed,
 * every problem named, and answers null so the caller exits non-zero without a stack trace.
 */
export function loadConfig(source: Readonly<Record<string, string | undefined>>): AppConfig | null {
  try {
    return new AppConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}
