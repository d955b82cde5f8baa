import type { Readable } from 'node:stream';

import { isValidMediaKey } from '@mememint/contracts';

/** A stored object opened for reading. */
export interface MediaObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

/** Where a client loads an object from when the store serves it itself (a bucket, a CDN). */
export interface MediaClientUrl {
  url: string;
  /** How long the URL may be reused (a presigned URL expires; a CDN URL does not). */
  maxAgeSeconds: number;
  /** Whether shared caches may keep the redirect to it (not for a signed URL). */
  shared: boolean;
}

/** Reading a key that has no object. */
export class MediaNotFoundError extends Error {
  readonly code = 'MEDIA_NOT_FOUND';

  constructor(readonly key: string) {
    super(`media object "${key}" not found`);
    this.name = 'MediaNotFoundError';
  }
}

/**
 * Where images live: player faces, meme bases, templates, swap results and their analyses. Keys are
 * relative paths (`templates/<id>.jpg`, see contracts' isValidMediaKey) the API and the inference
 * worker share: the worker reads inputs and writes results under the keys the API chose. Objects are
 * written once and never changed, so they cache forever. An abstract class rather than an interface
 * so Nest can inject it by its class.
 */
export abstract class MediaStore {
  /** Stores the bytes under the key; readers see all of them or none (never a partial object). */
  abstract write(key: string, data: Buffer): Promise<void>;

  /** All bytes of an object; throws MediaNotFoundError when no object has the key. */
  abstract read(key: string): Promise<Buffer>;

  /** The object's size, or null when no object has the key (or the key is not a media key). */
  abstract stat(key: string): Promise<{ size: number } | null>;

  /** The object as a stream, or null when no object has the key (or the key is not a media key). */
  abstract open(key: string): Promise<MediaObject | null>;

  /** Removes an object; a missing one is fine. */
  abstract remove(key: string): Promise<void>;

  /**
   * Removes every object under a folder (`faces/<tgId>`: a player's face photos and their analyses,
   * on deletion); an empty or missing folder is fine, a folder that is not a media key path is refused.
   */
  abstract removeFolder(folder: string): Promise<void>;

  /**
   * The URL a client loads the object from directly, or null when the API streams it itself (`open`).
   * It does not check that the object exists.
   */
  abstract clientUrl(key: string): Promise<MediaClientUrl | null>;

  /** Releases connections (the S3 client's sockets); the store is not used afterwards. */
  close(): void {}
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** The Content-Type stored with an object, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream';
}

/** A folder of media keys (`faces/7`): what removeFolder accepts; anything else throws. */
export function checkFolder(folder: string): void {
  if (!isValidMediaKey(`${folder}/x`) || folder.includes('.'))
    throw new Error(`invalid media folder ${folder}`);
}
