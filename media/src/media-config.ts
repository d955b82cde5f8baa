import { DirectoryMediaStore } from './directory-media-store.js';
import type { MediaStore } from './media-store.js';
import { S3MediaStore, type S3MediaStoreOptions } from './s3-media-store.js';

/** Which store holds the media, as the API and the worker configure it (MEDIA_STORE and friends). */
export type MediaStoreConfig = { kind: 'dir'; dir: string } | ({ kind: 's3' } & S3MediaStoreOptions);

export const MEDIA_STORE_KINDS = ['dir', 's3'] as const;

/** Defaults of the optional settings (the README's env table shows the same). */
export const MEDIA_DEFAULTS = {
  dir: '.data/media',
  s3Region: 'us-east-1',
  s3UrlTtlSeconds: 3600,
} as const;

/**
 * What is wrong with a store configuration (empty when nothing is): an S3 store needs its bucket, and
 * in production its credentials too, so a replica never starts on a store it cannot use. The API's
 * env check and the worker's config both ask this.
 */
export function mediaStoreProblems(config: MediaStoreConfig, production: boolean): string[] {
  if (config.kind !== 's3') return [];
  const problems: string[] = [];
  if (!config.bucket) problems.push('MEDIA_S3_BUCKET is required with MEDIA_STORE=s3');
  if (production && (!config.accessKeyId || !config.secretAccessKey)) {
    problems.push(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY are required with MEDIA_STORE=s3 in production',
    );
  } else if (Boolean(config.accessKeyId) !== Boolean(config.secretAccessKey)) {
    problems.push('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  }
  return problems;
}

/** The configured store. */
export function createMediaStore(config: MediaStoreConfig): MediaStore {
  if (config.kind === 'dir') return new DirectoryMediaStore(config.dir);
  const problems = mediaStoreProblems(config, false);
  if (problems.length) throw new Error(problems.join('; '));
  return new S3MediaStore(config);
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads MEDIA_STORE, MEDIA_DIR, MEDIA_S3_* and MEDIA_PUBLIC_BASE_URL (for the worker; the API declares
 * the same names in its env.ts). Throws an Error naming every bad value.
 */
export function mediaStoreConfigFromEnv(
  env: Env,
  production = env.NODE_ENV === 'production',
): MediaStoreConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const kind = value('MEDIA_STORE') ?? 'dir';
  if (kind === 'dir') return { kind, dir: value('MEDIA_DIR') ?? MEDIA_DEFAULTS.dir };
  if (kind !== 's3')
    throw new Error(`MEDIA_STORE must be one of ${MEDIA_STORE_KINDS.join(', ')}, got "${kind}"`);
  const forcePathStyle = value('MEDIA_S3_FORCE_PATH_STYLE') ?? '0';
  if (forcePathStyle !== '0' && forcePathStyle !== '1')
    problems.push('MEDIA_S3_FORCE_PATH_STYLE must be 1 or 0');
  const ttl = Number(value('MEDIA_S3_URL_TTL_SECONDS') ?? MEDIA_DEFAULTS.s3UrlTtlSeconds);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 604_800) {
    problems.push('MEDIA_S3_URL_TTL_SECONDS must be an integer from 1 to 604800');
  }
  for (const name of ['MEDIA_S3_ENDPOINT', 'MEDIA_PUBLIC_BASE_URL']) {
    const raw = value(name);
    if (raw !== undefined && !/^https?:\/\/[^\s]+$/.test(raw))
      problems.push(`${name} must be an http(s) URL`);
  }
  const config: MediaStoreConfig = {
    kind,
    bucket: value('MEDIA_S3_BUCKET') ?? '',
    endpoint: value('MEDIA_S3_ENDPOINT'),
    region: value('MEDIA_S3_REGION') ?? MEDIA_DEFAULTS.s3Region,
    accessKeyId: value('MEDIA_S3_ACCESS_KEY_ID'),
    secretAccessKey: value('MEDIA_S3_SECRET_ACCESS_KEY'),
    forcePathStyle: forcePathStyle === '1',
    publicBaseUrl: value('MEDIA_PUBLIC_BASE_URL'),
    urlTtlSeconds: ttl,
  };
  problems.push(...mediaStoreProblems(config, production));
  if (problems.length) throw new Error(problems.join('; '));
  return config;
}
