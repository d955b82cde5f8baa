import { createHmac, timingSafeEqual } from 'node:crypto';

/** The `user` object of Telegram's WebAppInitData, as far as we use it. */
export interface TelegramInitUser {
  id: number;
  isBot: boolean;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  isPremium: boolean;
  photoUrl: string | null;
}

export interface ValidatedInitData {
  user: TelegramInitUser;
  authDate: Date;
  startParam: string | null;
}

export type InitDataProblem = 'malformed' | 'signature' | 'stale' | 'future';

/** Why init data was refused; the message is safe to show (it never echoes the data). */
export class InitDataError extends Error {
  constructor(
    readonly problem: InitDataProblem,
    message: string,
  ) {
    super(message);
    this.name = 'InitDataError';
  }
}

export interface InitDataValidationOptions {
  botToken: string;
  maxAgeSeconds: number;
  /** Tolerated clock difference for an `auth_date` slightly ahead of ours. */
  futureSkewSeconds: number;
  now?: Date;
}

const HASH_PATTERN = /^[0-9a-f]{64}$/;
const AUTH_DATE_PATTERN = /^[1-9][0-9]{0,11}$/;

function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/**
 * Telegram's data-check-string: every received field except `hash` (the third-party `signature`
 * field included), as `key=value` with the decoded value, sorted, joined by line feeds.
 * https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app
 */
function dataCheckString(fields: Iterable<[string, string]>): string {
  return [...fields]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

function sign(fields: Iterable<[string, string]>, botToken: string): Buffer {
  return createHmac('sha256', secretKey(botToken)).update(dataCheckString(fields)).digest();
}

/**
 * Signs init data the way Telegram does, so development login and tests produce exactly what a real
 * client sends. `fields` are the decoded values (`user` as its JSON text); the result is a query string.
 */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const entries = Object.entries(fields).filter(([key]) => key !== 'hash');
  const params = new URLSearchParams(entries);
  params.set('hash', sign(entries, botToken).toString('hex'));
  return params.toString();
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function parseUser(raw: string | null): TelegramInitUser {
  if (raw === null) throw new InitDataError('malformed', 'Init data has no user.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new InitDataError('malformed', 'Init data user is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new InitDataError('malformed', 'Init data user is not an object.');
  }
  const user = parsed as Record<string, unknown>;
  if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) {
    throw new InitDataError('malformed', 'Init data user has no valid id.');
  }
  return {
    id: user.id,
    isBot: user.is_bot === true,
    firstName: optionalString(user.first_name),
    lastName: optionalString(user.last_name),
    username: optionalString(user.username),
    languageCode: optionalString(user.language_code),
    isPremium: user.is_premium === true,
    photoUrl: optionalString(user.photo_url),
  };
}

/**
 * Checks raw `Telegram.WebApp.initData` against the bot token (HMAC-SHA256, constant-time compare)
 * and its age, then returns the parts we use. Throws InitDataError on anything else.
 */
export function validateInitData(raw: string, options: InitDataValidationOptions): ValidatedInitData {
  const params = new URLSearchParams(raw);
  const keys = [...params.keys()];
  if (keys.length !== new Set(keys).size) {
    throw new InitDataError('malformed', 'Init data repeats a field.');
  }
  const hash = params.get('hash');
  if (hash === null || !HASH_PATTERN.test(hash)) {
    throw new InitDataError('malformed', 'Init data has no valid hash.');
  }
  const authDateText = params.get('auth_date');
  if (authDateText === null || !AUTH_DATE_PATTERN.test(authDateText)) {
    throw new InitDataError('malformed', 'Init data has no valid auth_date.');
  }

  const expected = sign(params.entries(), options.botToken);
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) {
    throw new InitDataError('signature', 'Init data signature is invalid.');
  }

  const authDate = new Date(Number(authDateText) * 1000);
  const nowMs = (options.now ?? new Date()).getTime();
  if (authDate.getTime() > nowMs + options.futureSkewSeconds * 1000) {
    throw new InitDataError('future', 'Init data auth_date is in the future.');
  }
  if (authDate.getTime() < nowMs - options.maxAgeSeconds * 1000) {
    throw new InitDataError('stale', 'Init data is too old; reopen the app.');
  }

  return {
    user: parseUser(params.get('user')),
    authDate,
    startParam: optionalString(params.get('start_param')),
  };
}
