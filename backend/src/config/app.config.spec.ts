import { describe, expect, it } from '@jest/globals';

import { AppConfig, describeMode } from './app.config.js';
import { ENV_VARS } from './config.variables.js';
import { ConfigError } from './env-var.js';
import { DEVELOPMENT_BOT_TOKEN } from './platform.variables.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mememint';
const TON_SECRET = 'a-ton-proof-secret-of-32-characters!';
const PRODUCTION = {
  NODE_ENV: 'production',
  TELEGRAM_BOT_TOKEN: '42:production-token',
  TELEGRAM_WEBHOOK_SECRET: 'hook-secret_1',
  JWT_SECRET: 'a production secret of at least 32 bytes',
  TON_PROOF_SECRET: TON_SECRET,
  PUBLIC_URL: 'https://mememint.app',
};
/** The public development values, given explicitly (a production-mode cluster for trying things out). */
const DEVELOPMENT_SECRETS = {
  TELEGRAM_BOT_TOKEN: DEVELOPMENT_BOT_TOKEN,
  JWT_SECRET: 'development-jwt-secret-not-secret',
  TON_PROOF_SECRET: 'development-ton-proof-secret-not-secret',
  TON_PROOF_DOMAINS: 'localhost',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    new AppConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('AppConfig', () => {
  it('fills every default in development', () => {
    const config = new AppConfig({ DATABASE_URL });
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.media.dir.endsWith('.data/media')).toBe(true);
    expect(config.telegram.botToken).toBeTruthy();
    expect(config.auth).toMatchObject({
      authDateMaxAgeSeconds: 86_400,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
    });
    expect(config.generation).toMatchObject({ newUserCredits: 3, cost: 1, freeIntervalMinutes: 30 });
    expect(config.swipes).toMatchObject({ max: 60, refillSeconds: 60, giftEvery: 10, giftChance: 0.3 });
    expect(config.coins.boostedMultiplier).toBe(4);
    expect(config.promo.minLength).toBe(6);
    expect(config.databasePool).toEqual({ size: 10, timeoutMs: 5000, idleMs: 0 });
  });

  it('reads overrides with their types', () => {
    const config = new AppConfig({
      DATABASE_URL,
      PORT: '8080',
      SWIPES_MAX: '5',
      SWIPE_GIFT_CHANCE: '0.5',
      DATABASE_POOL_IDLE_SECONDS: '300',
    });
    expect(config.port).toBe(8080);
    expect(config.databasePool.idleMs).toBe(300_000);
    expect(config.swipes.max).toBe(5);
    expect(config.swipes.giftChance).toBe(0.5);
  });

  it('names a missing DATABASE_URL', () => {
    expect(problemsOf({})).toEqual(['DATABASE_URL is required']);
  });

  it('names every malformed variable with what it expects', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://x', PORT: 'eighty', SWIPE_GIFT_CHANCE: '2' })).toEqual([
      'PORT must be an integer from 0 to 65535',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
      'SWIPE_GIFT_CHANCE must be a number from 0 to 1',
    ]);
  });

  it('requires real secrets in production', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production' })).toEqual([
      'TELEGRAM_BOT_TOKEN is required',
      'JWT_SECRET is required',
      'TON_PROOF_SECRET is required',
      'TON_PROOF_DOMAINS is required',
    ]);
    const config = new AppConfig({ DATABASE_URL, ...PRODUCTION });
    expect(config.auth.jwtSecret).toBe(PRODUCTION.JWT_SECRET);
    expect(config.ton.proofSecret).toBe(TON_SECRET);
    expect(config.telegram).toMatchObject({ hasRealBotToken: true, webhookSecret: 'hook-secret_1' });
    expect(config.auth.devLogin).toBe(false);
    expect(config.http.apiDocs).toBe(false);
    expect(new AppConfig({ DATABASE_URL, ...PRODUCTION, API_DOCS: '1' }).http.apiDocs).toBe(true);
  });

  it('requires PUBLIC_URL in production: links are never built from a request’s Host there', () => {
    const { PUBLIC_URL: _, ...withoutPublicUrl } = PRODUCTION;
    expect(problemsOf({ DATABASE_URL, ...withoutPublicUrl, TON_PROOF_DOMAINS: 'mememint.app' })).toEqual([
      'PUBLIC_URL is required in production',
    ]);
    expect(new AppConfig({ DATABASE_URL }).http.publicUrl).toBeUndefined();
  });

  it('refuses a JWT_SECRET under 32 bytes in production (bytes, not characters)', () => {
    expect(problemsOf({ DATABASE_URL, ...PRODUCTION, JWT_SECRET: 'x' })).toEqual([
      'JWT_SECRET must be at least 32 bytes in production',
    ]);
    expect(problemsOf({ DATABASE_URL, ...PRODUCTION, JWT_SECRET: 'a'.repeat(31) })).toHaveLength(1);
    expect(new AppConfig({ DATABASE_URL, ...PRODUCTION, JWT_SECRET: 'ж'.repeat(16) }).auth.jwtSecret).toBe(
      'ж'.repeat(16),
    );
    expect(new AppConfig({ DATABASE_URL, JWT_SECRET: 'x' }).auth.jwtSecret).toBe('x');
  });

  it('requires TELEGRAM_WEBHOOK_SECRET with a real bot token, in any environment', () => {
    expect(problemsOf({ DATABASE_URL, TELEGRAM_BOT_TOKEN: '42:real' })).toEqual([
      'TELEGRAM_WEBHOOK_SECRET is required with a real TELEGRAM_BOT_TOKEN',
    ]);
    expect(problemsOf({ DATABASE_URL, ...PRODUCTION, TELEGRAM_WEBHOOK_SECRET: 'no spaces' })).toEqual([
      'TELEGRAM_WEBHOOK_SECRET must be 1–256 characters of A–Z, a–z, 0–9, _ and -',
    ]);
    const development = new AppConfig({ DATABASE_URL });
    expect(development.telegram).toMatchObject({ hasRealBotToken: false, webhookSecret: undefined });
  });

  it('opens the development login only with DEV_LOGIN=1, never with a real bot token or in production', () => {
    expect(new AppConfig({ DATABASE_URL }).auth.devLogin).toBe(false);
    expect(new AppConfig({ DATABASE_URL, NODE_ENV: 'development' }).auth.devLogin).toBe(false);
    expect(new AppConfig({ DATABASE_URL, DEV_LOGIN: '1' }).auth.devLogin).toBe(true);
    expect(problemsOf({ DATABASE_URL, DEV_LOGIN: 'yes' })).toEqual(['DEV_LOGIN must be 1 or 0']);
    expect(
      problemsOf({
        DATABASE_URL,
        DEV_LOGIN: '1',
        TELEGRAM_BOT_TOKEN: '42:real',
        TELEGRAM_WEBHOOK_SECRET: 'hook',
      }),
    ).toEqual([
      'DEV_LOGIN=1 is refused with a real TELEGRAM_BOT_TOKEN: the development login signs init data for any Telegram id',
    ]);
    expect(
      problemsOf({
        DATABASE_URL,
        NODE_ENV: 'production',
        DEV_LOGIN: '1',
        PUBLIC_URL: 'http://localhost',
        ...DEVELOPMENT_SECRETS,
      }),
    ).toEqual(['DEV_LOGIN=1 is refused in production']);
  });

  it('describes the mode it runs in', () => {
    expect(describeMode(new AppConfig({ DATABASE_URL, DEV_LOGIN: '1' }))).toBe(
      'NODE_ENV=development, development bot token (public, signs nothing real), ' +
        'development login ON (any Telegram id can log in), API docs at /api/docs',
    );
    expect(describeMode(new AppConfig({ DATABASE_URL, ...PRODUCTION }))).toBe(
      'NODE_ENV=production, real Telegram bot token, development login off, API docs off',
    );
  });

  it('keeps media in MEDIA_DIR by default and reads the S3 store from MEDIA_STORE=s3', () => {
    expect(new AppConfig({ DATABASE_URL, MEDIA_DIR: 'm' }).media.store).toEqual({
      kind: 'dir',
      dir: expect.stringMatching(/\/m$/),
    });
    const s3 = { MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'media', MEDIA_S3_FORCE_PATH_STYLE: '1' };
    expect(new AppConfig({ DATABASE_URL, ...s3 }).media.store).toMatchObject({
      kind: 's3',
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: true,
      urlTtlSeconds: 3600,
    });
    expect(problemsOf({ DATABASE_URL, MEDIA_STORE: 'nfs' })).toEqual(['MEDIA_STORE must be one of dir, s3']);
  });

  it('refuses MEDIA_STORE=s3 without a bucket, and in production without credentials', () => {
    expect(problemsOf({ DATABASE_URL, MEDIA_STORE: 's3' })).toEqual([
      'MEDIA_S3_BUCKET is required with MEDIA_STORE=s3',
    ]);
    const bucket = { DATABASE_URL, ...PRODUCTION, MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'media' };
    expect(problemsOf(bucket)).toEqual([
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY are required with MEDIA_STORE=s3 in production',
    ]);
    const keys = { MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(new AppConfig({ ...bucket, ...keys }).media.store.kind).toBe('s3');
  });

  it('refuses a short TON proof secret, in production too', () => {
    expect(problemsOf({ DATABASE_URL, TON_PROOF_SECRET: 'short-secret' })).toEqual([
      'TON_PROOF_SECRET must be at least 32 characters',
    ]);
    expect(problemsOf({ DATABASE_URL, ...PRODUCTION, TON_PROOF_SECRET: 'short-secret' })).toEqual([
      'TON_PROOF_SECRET must be at least 32 characters',
    ]);
  });

  it('takes the public origin without a trailing slash and its host as the TON proof domain', () => {
    const config = new AppConfig({ DATABASE_URL, PUBLIC_URL: 'https://MemeMint.app/' });
    expect(config.http.publicUrl).toBe('https://mememint.app');
    expect(config.ton.proofDomains).toEqual(['mememint.app']);
    const listed = new AppConfig({ DATABASE_URL, TON_PROOF_DOMAINS: 'mememint.app, t.mememint.app' });
    expect(listed.ton.proofDomains).toEqual(['mememint.app', 't.mememint.app']);
    expect(new AppConfig({ DATABASE_URL }).http.publicUrl).toBeUndefined();
  });

  it('refuses a public URL with a path', () => {
    expect(problemsOf({ DATABASE_URL, PUBLIC_URL: 'https://mememint.app/app' })).toEqual([
      'PUBLIC_URL must be an http:// or https:// origin without a path (e.g. https://mememint.app)',
    ]);
  });

  it('documents every variable', () => {
    for (const [name, spec] of Object.entries(ENV_VARS))
      expect([name, spec.doc.length > 10]).toEqual([name, true]);
  });
});
