import { SetMetadata } from '@nestjs/common';

/** The routes limited per address for failures (brute force): login and refresh. */
export type AuthLimit = 'auth';
/** The routes limited per signed-in player (and, generously, per address). */
export type PlayerLimit =
  'uploads' | 'generations' | 'captions' | 'swipes' | 'votes' | 'payments' | 'promo' | 'wallet' | 'reports';
export type RateLimitName = AuthLimit | PlayerLimit;

export const RATE_LIMITS_KEY = 'mememint:rate-limits';

/**
 * Limits a route (a handler may name several, e.g. a generation with a photo counts as an upload
 * too). The global RateLimitInterceptor enforces them with counters in Redis; every limit is set by
 * an env variable (RATE_LIMIT_*), 0 turning it off.
 */
export const RateLimit = (...names: RateLimitName[]) => SetMetadata(RATE_LIMITS_KEY, names);
