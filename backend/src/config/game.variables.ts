import { NSFW_DEFAULT_THRESHOLDS } from '@mememint/contracts';

import { decimal, domains, flag, hostOf, oneOf, secret, text } from './env-parsers.js';
import { envVar, int } from './env-var.js';

/** The game's numbers (docs/GAME.md) and the TON settings: every one an environment variable. */
export const GAME_VARIABLES = {
  generation: {
    facePhotoRetentionDays: int(
      'FACE_PHOTO_RETENTION_DAYS',
      180,
      'A player’s face photos are deleted after this many days without an authenticated request (daily job; a face a queued generation needs waits for it)',
      1,
    ),
    newUserCredits: int('NEW_USER_CREDITS', 3, 'Credits (`generationLimit`) of a new user'),
    cost: int('GENERATION_COST', 1, 'Credits one generation costs', 1),
    animationCost: int(
      'ANIMATION_GENERATION_COST',
      2,
      'Credits one generation from an animated template or meme costs (the free generation covers stills only)',
      1,
    ),
    animationCaptionTimeoutMs: int(
      'ANIMATION_CAPTION_TIMEOUT_MS',
      120_000,
      'How long a caption edit of an animated meme waits for the worker to render its video again, queue included; then 503 and the meme keeps its video',
      1000,
    ),
    animationMaxSeconds: int(
      'ANIMATION_MAX_SECONDS',
      6,
      'Longest animated template accepted, in seconds; longer answers 400 ANIMATION_TOO_LONG',
      1,
    ),
    animationMaxMegapixelFrames: int(
      'ANIMATION_MAX_FRAME_MEGAPIXELS',
      500,
      'An animated template’s frames × pixels (in megapixels) beyond which it answers 400 ANIMATION_TOO_LARGE',
      1,
    ),
    freeIntervalMinutes: int(
      'FREE_GENERATION_INTERVAL_MINUTES',
      30,
      'With 0 credits: one free generation per this many minutes',
      1,
    ),
    jobAttempts: int(
      'GENERATION_JOB_ATTEMPTS',
      3,
      'Attempts of a generation job before it fails (worker errors)',
      1,
    ),
    jobBackoffMs: int(
      'GENERATION_JOB_BACKOFF_MS',
      2000,
      'First retry delay of a failed generation job (exponential)',
      0,
    ),
    deadlineSeconds: int(
      'GENERATION_DEADLINE_SECONDS',
      600,
      'A generation unfinished this long fails and is refunded',
      1,
    ),
    sweepIntervalSeconds: int(
      'GENERATION_SWEEP_SECONDS',
      30,
      'How often stalled generations and animated templates’ analyses are reconciled with their jobs',
      1,
    ),
    maxActivePerPlayer: int(
      'GENERATION_MAX_ACTIVE_PER_PLAYER',
      3,
      'A player’s queued-or-running generations; one more answers 429 and is not charged (0 = no cap)',
    ),
    analysisTimeoutMs: int(
      'FACE_ANALYSIS_TIMEOUT_MS',
      30000,
      'How long a face photo or template upload (or an own photo’s face list) waits for the inference worker to analyse it; longer answers 503',
      100,
    ),
  },
  swipes: {
    max: int('SWIPES_MAX', 60, 'Swipe bar maximum; new users start full; refill stops here', 1),
    refillSeconds: int('SWIPE_REFILL_SECONDS', 60, 'One swipe refills per this many seconds', 1),
    minIntervalMs: int('SWIPE_MIN_INTERVAL_MS', 300, 'Swipes faster than this per user answer 429', 0),
    giftEvery: int('SWIPE_GIFT_EVERY', 10, 'Every N-th swipe rolls a random gift', 1),
    giftChance: envVar('SWIPE_GIFT_CHANCE', {
      doc: 'Chance of a gift on such a swipe (0–1)',
      fallback: 0.3,
      parse: decimal(0, 1),
    }),
    giftCoinsMin: int('SWIPE_GIFT_COINS_MIN', 50, 'Smallest coin gift'),
    giftCoinsMax: int('SWIPE_GIFT_COINS_MAX', 500, 'Largest coin gift'),
    giftCredits: int('SWIPE_GIFT_CREDITS', 1, 'Credits in a credit gift'),
    giftSwipes: int('SWIPE_GIFT_SWIPES', 10, 'Swipes in a swipe gift'),
    giftBoostDays: int('SWIPE_GIFT_BOOST_DAYS', 1, 'Boost days in a boost gift'),
    giftWeights: {
      coins: int('SWIPE_GIFT_WEIGHT_COINS', 60, 'Relative weight of coin gifts'),
      credits: int('SWIPE_GIFT_WEIGHT_CREDITS', 20, 'Relative weight of credit gifts'),
      swipes: int('SWIPE_GIFT_WEIGHT_SWIPES', 15, 'Relative weight of swipe gifts'),
      boost: int('SWIPE_GIFT_WEIGHT_BOOST', 5, 'Relative weight of boost gifts'),
    },
    deckCandidates: int(
      'SWIPE_DECK_CANDIDATES',
      1000,
      'The deck ranks this many of the newest memes a player has not swiped',
      1,
    ),
    deckFreshnessHours: int(
      'SWIPE_DECK_FRESHNESS_HOURS',
      24,
      'Deck ranking: a meme this many hours older needs twice the likes to rank the same',
      1,
    ),
    deckJitter: envVar('SWIPE_DECK_JITTER', {
      doc: 'Deck ranking randomness (0 = none; 1 lets a meme with half the likes come first)',
      fallback: 1,
      parse: decimal(0, 10),
    }),
  },
  likes: {
    flushIntervalMs: int(
      'LIKES_FLUSH_INTERVAL_MS',
      1000,
      'Likes are added to memes’ counts and their authors’ coins in batches this often',
      10,
    ),
    flushBatch: int('LIKES_FLUSH_BATCH', 10_000, 'Most likes applied in one batch', 1),
  },
  feed: {
    publishedIntervalMs: int(
      'MEMES_PUBLISHED_INTERVAL_MS',
      10_000,
      'Everyone gets `memes:published` (the count of newly published memes) at most this often, across all replicas',
      100,
    ),
  },
  coins: {
    perSwipe: int('COINS_PER_SWIPE', 1, 'Coins for each swipe made (×m)'),
    perLikeReceived: int(
      'COINS_PER_LIKE_RECEIVED',
      2,
      'Coins to the author per like of a published meme (×m)',
    ),
    memeOfTheDay: int('MEME_OF_THE_DAY_COINS', 1000, 'Coins to the author of the meme of the day (×m)'),
    boostedMultiplier: int(
      'EARN_MULTIPLIER_BOOSTED',
      4,
      'Earning multiplier m while boosted or for influencers (else 1)',
      1,
    ),
    feedVoteDefaultStake: int(
      'FEED_VOTE_DEFAULT_STAKE',
      10,
      'Coins a feed vote stakes when the body names no amount',
      1,
    ),
    feedVoteMinStake: int('FEED_VOTE_MIN_STAKE', 1, 'Smallest feed vote stake', 1),
  },
  referrals: {
    coins: int('REFERRAL_COINS', 500, 'Coins to the inviter when a friend’s first generation succeeds (×m)'),
    credits: int('REFERRAL_CREDITS', 1, 'Credits to the inviter when a friend’s first generation succeeds'),
    squadSwitchCooldownHours: int(
      'SQUAD_SWITCH_COOLDOWN_HOURS',
      24,
      'A user may switch squads once per this many hours',
    ),
    influencerSharePercent: int(
      'INFLUENCER_SHARE_PERCENT',
      10,
      'Percent of members’ Stars spending accrued to the squad influencer',
      0,
      100,
    ),
  },
  rating: {
    leaderboardSize: int('LEADERBOARD_SIZE', 100, 'Entries of the global leaderboard', 1),
    broadcastIntervalMs: int(
      'RATING_BROADCAST_INTERVAL_MS',
      1000,
      'Leaderboard socket updates at most once per this interval',
      1,
    ),
    lossCheckIntervalMs: int(
      'RATING_LOSS_CHECK_MS',
      5000,
      'How often each API process checks that Redis still holds the leaderboards (a marker key the rebuild writes); when they are gone, one process rebuilds them from PostgreSQL',
      100,
    ),
  },
  promo: {
    codeLength: int('PROMO_CODE_LENGTH', 8, 'Length of generated promo codes', 6),
    minLength: int('PROMO_CODE_MIN_LENGTH', 6, 'Shorter codes are rejected with 400', 1),
    creditsPerUse: int('PROMO_CREDITS_PER_USE', 5, 'Credits a new promo code grants per use', 1),
    maxUses: int('PROMO_MAX_USES', 1000, 'Uses of a new promo code', 1),
  },
  moderation: {
    hideAfterReports: int(
      'MODERATION_HIDE_AFTER_REPORTS',
      3,
      'Distinct players’ open reports that hide a meme from the deck, feed and share page until an admin decides',
      1,
    ),
  },
  nsfw: {
    screenUploads: envVar('NSFW_SCREEN_UPLOADS', {
      doc: 'Whether uploads (face photos, own photos, templates) are screened by the inference worker’s NSFW classifier (1 or 0; tests without a worker turn it off)',
      fallback: true,
      parse: flag,
    }),
    explicit: envVar('NSFW_REFUSE_THRESHOLD', {
      doc: 'Explicit score (porn + hentai, 0–1) from which an upload is refused (400 NSFW_IMAGE) and a generated meme is held for review',
      fallback: NSFW_DEFAULT_THRESHOLDS.explicit,
      parse: decimal(0, 1),
    }),
    suggestive: envVar('NSFW_SUGGESTIVE_THRESHOLD', {
      doc: 'Suggestive score (porn + hentai + sexy, 0–1) from which an upload is refused and a generated meme is held for review',
      fallback: NSFW_DEFAULT_THRESHOLDS.suggestive,
      parse: decimal(0, 1),
    }),
  },
  stickers: {
    sizePx: int('STICKER_SIZE_PX', 512, 'Side of a sticker image (WEBP)', 1),
    videoTimeoutMs: int(
      'VIDEO_STICKER_TIMEOUT_MS',
      180_000,
      'How long a sticker pack job waits for the worker to make one video sticker (WEBM) of an animated meme, queue included',
      1000,
    ),
  },
  ton: {
    network: envVar('TON_NETWORK', {
      doc: 'TON network of the wallets players may link: `mainnet` or `testnet`',
      fallback: 'mainnet',
      parse: oneOf('mainnet', 'testnet'),
    }),
    proofSecret: envVar('TON_PROOF_SECRET', {
      doc: 'HMAC secret of the TON proof payloads, at least 32 characters. Required in production',
      fallback: 'development-ton-proof-secret-not-secret',
      requiredInProduction: true,
      fallbackDoc: 'a fixed development secret (none in production)',
      parse: secret(32),
    }),
    proofMaxAgeSeconds: int(
      'TON_PROOF_MAX_AGE_SECONDS',
      900,
      'Oldest TON Connect proof timestamp accepted',
      1,
    ),
    payloadTtlSeconds: int(
      'TON_PROOF_PAYLOAD_TTL_SECONDS',
      900,
      'A TON proof payload expires this long after it was issued',
      1,
    ),
    proofDomains: envVar('TON_PROOF_DOMAINS', {
      doc: 'Comma-separated app domains a TON proof may be signed for. Required in production',
      fallback: (env) => {
        const host = hostOf(env.PUBLIC_URL);
        if (host) return [host];
        return env.NODE_ENV === 'production' ? undefined : ['localhost:3000', 'localhost:5173'];
      },
      fallbackDoc: 'the host of PUBLIC_URL (localhost in dev)',
      parse: domains,
      to: (names): readonly string[] => names,
    }),
    connectIconPath: envVar('TON_CONNECT_ICON_PATH', {
      doc: 'TON Connect manifest icon (PNG 180×180): a path on PUBLIC_URL or an absolute URL',
      fallback: '/icon-180.png',
      parse: text,
    }),
    airdropTotalCacheSeconds: int(
      'AIRDROP_TOTAL_CACHE_SECONDS',
      60,
      'How long the total of all players’ earned coins (airdrop share) is cached',
      1,
    ),
  },
};
