import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { isValidMediaKey } from '@mememint/contracts';

/**
 * Media storage as a directory shared by the backend and the workers: a key is a relative path under it.
 * The one implementation both sides use, so they always agree on where a key lives.
 */
export function mediaPath(mediaDir: string, key: string): string {
  if (!isValidMediaKey(key)) throw new Error(`invalid media key "${key}"`);
  return path.join(path.resolve(mediaDir), key);
}

export function readMedia(mediaDir: string, key: string): Promise<Buffer> {
  return readFile(mediaPath(mediaDir, key));
}

export async function writeMedia(mediaDir: string, key: string, data: Buffer): Promise<void> {
  const target = mediaPath(mediaDir, key);
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
