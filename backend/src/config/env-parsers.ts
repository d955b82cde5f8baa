/**
 * Parsers of environment variable values. Each returns `{ value }` or `{ error }` (what was
 * expected, printed after the variable's name) instead of throwing, so boot names every bad variable.
 */
export type Parsed<T> = { value: T } | { error: string };
export type Parser<T> = (raw: string) => Parsed<T>;

export const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Parser<number> =>
  (raw) => {
    const value = Number(raw);
    return /^-?\d+$/.test(raw.trim()) && value >= min && value <= max
      ? { value }
      : { error: `must be an integer from ${min} to ${max}` };
  };

export const decimal =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    const value = Number(raw);
    return raw.trim() !== '' && Number.isFinite(value) && value >= min && value <= max
      ? { value }
      : { error: `must be a number from ${min} to ${max}` };
  };

export const text: Parser<string> = (raw) =>
  raw.trim() ? { value: raw.trim() } : { error: 'must not be empty' };

export const url =
  (...protocols: string[]): Parser<string> =>
  (raw) => {
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return { value: raw };
    } catch {
      // falls through to the error below
    }
    return { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` };
  };

export const matching =
  (pattern: RegExp, what: string): Parser<string> =>
  (raw) =>
    pattern.test(raw.trim()) ? { value: raw.trim() } : { error: `must be ${what}` };

/** An http(s) origin (no path, query or fragment), kept without a trailing slash. */
export const origin: Parser<string> = (raw) => {
  try {
    const parsed = new URL(raw.trim());
    const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username;
    if (['http:', 'https:'].includes(parsed.protocol) && bare) return { value: parsed.origin };
  } catch {
    // falls through to the error below
  }
  return { error: 'must be an http:// or https:// origin without a path (e.g. https://mememint.app)' };
};

/** The host of an origin, or undefined when it is unset or no origin. */
export function hostOf(raw: string | undefined): string | undefined {
  const parsed = raw === undefined ? undefined : origin(raw);
  return parsed && 'value' in parsed ? new URL(parsed.value).host : undefined;
}

export const domains: Parser<string[]> = (raw) => {
  const names = raw.split(',').map((part) => part.trim().toLowerCase());
  return names.every((name) => /^[a-z0-9.-]+(?::\d{1,5})?$/.test(name))
    ? { value: names }
    : { error: 'must be comma-separated host names (with an optional :port)' };
};

export const secret =
  (minLength: number): Parser<string> =>
  (raw) =>
    raw.length >= minLength ? { value: raw } : { error: `must be at least ${minLength} characters` };

export const telegramIds: Parser<number[]> = (raw) => {
  const ids = raw.split(',').map((part) => part.trim());
  return ids.every((id) => /^[1-9]\d{0,15}$/.test(id) && Number.isSafeInteger(Number(id)))
    ? { value: ids.map(Number) }
    : { error: 'must be comma-separated Telegram ids' };
};

export const oneOf =
  <const T extends string>(...values: T[]): Parser<T> =>
  (raw) =>
    (values as string[]).includes(raw)
      ? { value: raw as T }
      : { error: `must be one of ${values.join(', ')}` };

/** `1` or `0`: a switch that is only ever turned on explicitly. */
export const flag: Parser<boolean> = (raw) =>
  raw === '1' ? { value: true } : raw === '0' ? { value: false } : { error: 'must be 1 or 0' };

/** What Telegram accepts as a webhook's `secret_token`. */
export const webhookSecret: Parser<string> = (raw) =>
  /^[A-Za-z0-9_-]{1,256}$/.test(raw)
    ? { value: raw }
    : { error: 'must be 1–256 characters of A–Z, a–z, 0–9, _ and -' };

/** A chat id for the Bot API: `@channelusername` or a numeric id (channels: -100…). */
export const chatId: Parser<string> = (raw) =>
  /^@[A-Za-z][A-Za-z0-9_]{3,31}$/.test(raw.trim()) || /^-?[1-9]\d{0,15}$/.test(raw.trim())
    ? { value: raw.trim() }
    : { error: 'must be @channelusername or a numeric chat id' };

/** The names Express's `trust proxy` knows for address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Express's `trust proxy` setting: `false` (the default: the socket's address is the client's),
 * `true`, a number of hops, or comma-separated addresses, subnets (`10.0.0.0/8`) and range names
 * (`loopback`, `linklocal`, `uniquelocal`).
 */
export const trustProxy: Parser<boolean | number | string> = (raw) => {
  const value = raw.trim();
  if (value === 'false') return { value: false };
  if (value === 'true') return { value: true };
  if (/^\d+$/.test(value)) return { value: Number(value) };
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every(
    (entry) => PROXY_RANGES.has(entry) || /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry),
  );
  return valid && entries.length > 0
    ? { value: entries.join(',') }
    : {
        error:
          'must be false, true, a hop count, or comma-separated addresses, subnets or loopback/linklocal/uniquelocal',
      };
};
