import type { Readable } from 'node:stream';

/** A stored object opened for reading. */
export interface MediaObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

/**
 * Where images live: player faces, meme bases, templates and swap results. Keys are relative paths
 * (`templates/<id>.jpg`) shared with the inference worker, which reads inputs and writes results under
 * the same keys. The directory implementation is the default; an S3-compatible store can implement this
 * later without the callers changing. Objects are written once and never changed, so they cache forever.
 */
export abstract class MediaStorage {
  /** Stores the bytes under the key, replacing nothing half-written: readers see all of it or none. */
  abstract write(key: string, data: Buffer): Promise<void>;

  /** The object, or null when no object has the key. */
  abstract open(key: string): Promise<MediaObject | null>;

  /** Removes a stored object; a missing one is fine. */
  abstract remove(key: string): Promise<void>;
}
