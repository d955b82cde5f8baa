import type { Gender } from './memes.js';

/**
 * The current user as `GET /api/v1/auth/me/` returns it: the keys of docs/SPEC.md §3, and beside them
 * `gender` (issue 22).
 */
export interface UserDto {
  tgId: number;
  createdAt: string;
  isBot: boolean;
  isAdmin: boolean;
  /** Telegram Premium (from init data), not the game's boost: see `boostEnds`. */
  isPremium: boolean;
  isOnboardingDone: boolean;
  referalId: number | null;
  hasTon: boolean;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  languageCode: SupportedLanguage;
  photoUrl: string | null;
  /** Credits left. */
  generationLimit: number;
  memeCoins: number;
  tasksCount: number;
  generationsCount: number;
  invitedCount: number;
  friendsGenerated: number;
  referalCoins: number;
  /** Influencer flag. */
  infl: boolean;
  referralSpending: number;
  refInfl: number | null;
  /** ISO date while a premium boost is (or was) set; null when never boosted. */
  boostEnds: string | null;
  swipes: number;
  swipedCount: number;
  swipedGiftCount: number;
  /** Set on Profile (`PATCH /v1/users/me/`): templates of this gender come first. Null: not said. */
  gender: Gender | null;
  /**
   * When the player agreed to the face-photo note (`POST /v1/users/face/consent/`); null until then,
   * and until then a face photo is refused (403 FACE_CONSENT_REQUIRED).
   */
  faceConsentAt: string | null;
  /** The balances' version (`BalanceVersioned`), outside docs/SPEC.md §3. */
  balanceVersion: number;
}

/** The answer of `POST /v1/users/face/consent/`. */
export interface FaceConsentDto {
  faceConsentAt: string;
}

/** `PATCH /api/v1/users/me/`: the player's own settings. */
export interface UserPatch {
  gender: Gender | null;
}

export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * The keys of UserDto in the order docs/SPEC.md §3 lists them, then `gender` (issue 22) and
 * `balanceVersion` (issue 27); tests compare `/me` against it.
 */
export const USER_DTO_KEYS = [
  'tgId',
  'createdAt',
  'isBot',
  'isAdmin',
  'isPremium',
  'isOnboardingDone',
  'referalId',
  'hasTon',
  'username',
  'firstName',
  'lastName',
  'languageCode',
  'photoUrl',
  'generationLimit',
  'memeCoins',
  'tasksCount',
  'generationsCount',
  'invitedCount',
  'friendsGenerated',
  'referalCoins',
  'infl',
  'referralSpending',
  'refInfl',
  'boostEnds',
  'swipes',
  'swipedCount',
  'swipedGiftCount',
  'faceConsentAt',
  'gender',
  'balanceVersion',
] as const satisfies readonly (keyof UserDto)[];

/**
 * Every answer and event that carries a player's balances carries their version: a per-player counter
 * the ledger raises in the same statement that changes any of them (`users.balance_version`). Socket
 * events and HTTP answers may arrive in any order (a late event, replicas), so a client keeps the
 * balances of the highest version it has seen and ignores any not newer (`isNewerBalance`).
 */
export interface BalanceVersioned {
  balanceVersion: number;
}

/** Whether balances of version `incoming` replace those of version `current` (only a newer one does). */
export function isNewerBalance(current: BalanceVersioned, incoming: BalanceVersioned): boolean {
  return incoming.balanceVersion > current.balanceVersion;
}

/** The three money-like balances. */
export interface BalanceAmounts {
  generationLimit: number;
  memeCoins: number;
  swipes: number;
}

/** Balances pushed on the socket whenever one changes, and answered where a call changed them. */
export interface BalanceDto extends BalanceAmounts, BalanceVersioned {}
