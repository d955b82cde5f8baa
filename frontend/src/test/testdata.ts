import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The project's labelled real photos (`<repo>/testdata/faces`, licences in its LICENSES.md). */
export const FACES_DIR = resolve(__dirname, '../../../testdata/faces');

/** A test photo's bytes as the browser would hand them over. */
export function photoBlob(name: string): Blob {
  return new Blob([readFileSync(join(FACES_DIR, name))]);
}
