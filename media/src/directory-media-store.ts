import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { isValidMediaKey } from '@mememint/contracts';

import {
  checkFolder,
  type MediaClientUrl,
  type MediaObject,
  MediaNotFoundError,
  MediaStore,
} from './media-store.js';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Media in a local directory, or one mounted by every API replica and worker (a ReadWriteMany
 * volume): a key is a relative path under it. The default store, the one `npm start` uses.
 */
export class DirectoryMediaStore extends MediaStore {
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = path.resolve(root);
  }

  /** The file of a key; throws on a key that is not a media key (it could leave the directory). */
  pathOf(key: string): string {
    if (!isValidMediaKey(key)) throw new Error(`invalid media key "${key}"`);
    return path.join(this.root, key);
  }

  async write(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed over it: a reader never sees a partial file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw new MediaNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const stats = await stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<MediaObject | null> {
    if (!isValidMediaKey(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), size: stats.size };
  }

  async remove(key: string): Promise<void> {
    if (isValidMediaKey(key)) await rm(this.pathOf(key), { force: true });
  }

  async removeFolder(folder: string): Promise<void> {
    checkFolder(folder);
    await rm(this.pathOf(folder), { recursive: true, force: true });
  }

  /** Files have no URL of their own: the API streams them. */
  clientUrl(): Promise<MediaClientUrl | null> {
    return Promise.resolve(null);
  }
}
