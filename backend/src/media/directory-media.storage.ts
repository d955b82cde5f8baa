import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isValidMediaKey, type MediaObject, MediaStorage } from './media-storage.js';

/** Media storage in a local (or mounted, shared with the workers) directory: the key is the relative path. */
export class DirectoryMediaStorage extends MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = path.resolve(root);
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

  async open(key: string): Promise<MediaObject | null> {
    if (!isValidMediaKey(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
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

  private pathOf(key: string): string {
    if (!isValidMediaKey(key)) throw new Error(`Invalid media key "${key}".`);
    return path.join(this.root, key);
  }
}
