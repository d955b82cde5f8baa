import { describe, expect, it } from '@jest/globals';

import { AppConfig } from './app.config.js';
import { ConfigError, ENV_VARS } from './env.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mememint';

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
  });

  it('reads overrides with their types', () => {
    const config = new AppConfig({ DATABASE_URL, PORT: '8080', SWIPES_MAX: '5', SWIPE_GIFT_CHANCE: '0.5' });
    expect(config.port).toBe(8080);
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
    ]);
    const config = new AppConfig({
      DATABASE_URL,
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: 't',
      JWT_SECRET: 's',
    });
    expect(config.auth.jwtSecret).toBe('s');
  });

  it('documents every variable', () => {
    for (const [name, spec] of Object.entries(ENV_VARS))
      expect([name, spec.doc.length > 10]).toEqual([name, true]);
  });
});
