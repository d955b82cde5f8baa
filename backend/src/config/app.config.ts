import { type MediaStoreConfig, mediaStoreProblems } from '@mememint/media';

import { CONFIG_VARIABLES, type ConfigVariableValues } from './config.variables.js';
import { ConfigError, readConfig } from './env-var.js';
import { DEVELOPMENT_BOT_TOKEN } from './platform.variables.js';

type Env = Readonly<Record<string, string | undefined>>;

/** What AppConfig adds to the variables' values: facts derived from several of them. */
interface Derived {
  readonly media: ConfigVariableValues['media'] & {
    /** The store of every image: MEDIA_STORE (a directory, the default, or an S3-compatible bucket). */
    readonly store: MediaStoreConfig;
  };
  readonly telegram: ConfigVariableValues['telegram'] & {
    /** False for the public development token (which signs nothing a real player sends). */
    readonly hasRealBotToken: boolean;
  };
}
type AppConfigValues = Omit<ConfigVariableValues, keyof Derived> & Derived;

/** Combinations of valid values that would run the API unsafely: each refuses to boot. */
const SAFETY_RULES: readonly ((config: AppConfigValues) => string | null)[] = [
  (c) =>
    c.telegram.hasRealBotToken && c.telegram.webhookSecret === undefined
      ? 'TELEGRAM_WEBHOOK_SECRET is required with a real TELEGRAM_BOT_TOKEN'
      : null,
  (c) =>
    c.auth.devLogin && c.telegram.hasRealBotToken
      ? 'DEV_LOGIN=1 is refused with a real TELEGRAM_BOT_TOKEN: the development login signs init data for any Telegram id'
      : null,
  (c) => (c.auth.devLogin && c.env === 'production' ? 'DEV_LOGIN=1 is refused in production' : null),
  // Links (share pages, the TON manifest) are never built from a request's Host in production.
  (c) =>
    c.env === 'production' && c.http.publicUrl === undefined ? 'PUBLIC_URL is required in production' : null,
  (c) => mediaStoreProblems(c.media.store, c.env === 'production').join('; ') || null,
];

function derive(values: ConfigVariableValues): AppConfigValues {
  const { media, telegram } = values;
  const store: MediaStoreConfig =
    media.storeKind === 'dir'
      ? { kind: 'dir', dir: media.dir }
      : { kind: 's3', ...media.s3, bucket: media.s3.bucket ?? '' };
  return {
    ...values,
    media: { ...media, store },
    telegram: { ...telegram, hasRealBotToken: telegram.botToken !== DEVELOPMENT_BOT_TOKEN },
  };
}

// The class gives Nest an injection token; this interface gives it the declaration's fields
// (config.variables.ts), which the constructor assigns.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- see above
export interface AppConfig extends AppConfigValues {}

/**
 * The validated configuration, grouped by concern. Built once at boot from the environment;
 * inject it with `constructor(private readonly config: AppConfig)`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class AppConfig {
  /** Throws ConfigError naming every missing or malformed variable. */
  constructor(source: Env) {
    Object.assign(this, readConfig(CONFIG_VARIABLES, source, derive, SAFETY_RULES));
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
export function loadConfig(source: Env): AppConfig | null {
  try {
    return new AppConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}
