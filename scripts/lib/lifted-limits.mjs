// @ts-check
// The per-address and per-player rate limits, lifted (0 = off) for runs where one machine plays many
// players from one address: the backend's tests and benches, the rehearsal. Production keeps them.

/** Every rate limit of the API, off. */
export const LIFTED_RATE_LIMITS = Object.freeze({
  RATE_LIMIT_AUTH_PER_ADDRESS: '0',
  RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '0',
  RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS: '0',
  RATE_LIMIT_UPLOADS_PER_PLAYER: '0',
  RATE_LIMIT_GENERATIONS_PER_PLAYER: '0',
  RATE_LIMIT_CAPTIONS_PER_PLAYER: '0',
  RATE_LIMIT_SWIPES_PER_PLAYER: '0',
  RATE_LIMIT_VOTES_PER_PLAYER: '0',
  RATE_LIMIT_PAYMENTS_PER_PLAYER: '0',
  RATE_LIMIT_PROMO_PER_PLAYER: '0',
  RATE_LIMIT_WALLET_PER_PLAYER: '0',
  RATE_LIMIT_REPORTS_PER_PLAYER: '0',
});
