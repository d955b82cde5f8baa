import type { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isValidMediaKey } from '@mememint/contracts';

import {
  checkFolder,
  contentTypeOf,
  type MediaClientUrl,
  type MediaObject,
  MediaNotFoundError,
  MediaStore,
} from './media-store.js';

export interface S3MediaStoreOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); unset = AWS's endpoint of the region. */
  endpoint?: string;
  region: string;
  /** Static credentials; unset = the SDK's default chain (environment, instance or pod role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most non-AWS servers). */
  forcePathStyle: boolean;
  /** A CDN (or public bucket) origin serving the bucket's keys: clients load `<base>/<key>` from it. */
  publicBaseUrl?: string;
  /** Lifetime of the presigned GET URLs handed to clients when there is no public base URL. */
  urlTtlSeconds: number;
}

/** Objects never change under their key. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
const YEAR_SECONDS = 31_536_000;

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
}

/**
 * Media in an S3-compatible bucket (AWS SDK v3): what lets API replicas and workers on different
 * machines share media without a ReadWriteMany volume. A PUT is atomic, so readers never see a partial
 * object. Clients load objects from the bucket itself, through presigned URLs or a CDN base URL.
 */
export class S3MediaStore extends MediaStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3MediaStoreOptions) {
    super();
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The SDK's default checksums (aws-chunked uploads with trailers) are not understood by every
      // S3-compatible server (s3rver, older MinIO, some CDNs' stores); S3 only requires them for a few
      // operations we do not use.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checked(key: string): string {
    if (!isValidMediaKey(key)) throw new Error(`invalid media key "${key}"`);
    return key;
  }

  async write(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.checked(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }),
      );
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) throw new MediaNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<MediaObject | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      // In Node the body is the response's IncomingMessage, a Readable.
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isValidMediaKey(key)) return;
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async removeFolder(folder: string): Promise<void> {
    checkFolder(folder);
    // Listed a page (≤ 1000 keys) at a time and deleted by the page: the listing continues from the
    // last key, so objects removed meanwhile do not shift it.
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: `${folder}/`,
          ContinuationToken: token,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0)
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async clientUrl(key: string): Promise<MediaClientUrl | null> {
    this.checked(key);
    if (this.options.publicBaseUrl) {
      return {
        url: `${this.options.publicBaseUrl.replace(/\/+$/, '')}/${key}`,
        maxAgeSeconds: YEAR_SECONDS,
        shared: true,
      };
    }
    const expiresIn = this.options.urlTtlSeconds;
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      { expiresIn },
    );
    // Reused for at most half its life, so a cached redirect never points at an expired URL.
    return { url, maxAgeSeconds: Math.floor(expiresIn / 2), shared: false };
  }

  override close(): void {
    this.client.destroy();
  }
}
