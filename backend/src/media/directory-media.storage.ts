import { open, rm } from 'node:fs/promises';
import path from 'node:path';

import { isValidMediaKey } from '@mememint/contracts';
import { mediaPath, writeMedia } from '@mememint/inference';

import { type MediaObject, MediaStorage } from './media.storage.js';

/** Media storage in a local (or mounted, shared with the workers) directory: the key is the relative path. */
export class DirectoryMediaStorage extends MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = path.resolve(root);
  }

  write(key: string, data: Buffer): Promise<void> {
    return writeMedia(this.root, key, data);
  }

  async open(key: string): Promise<MediaObject | null> {
    if (!isValidMediaKey(key)) return null;
    let handle;
    try {
      handle = await open(mediaPath(this.root, key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
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
    if (isValidMediaKey(key)) await rm(mediaPath(this.root, key), { force: true });
  }
}
