/**
 * Writes README.md's backend configuration table from the declaration (`npm run config:readme -w
 * backend`); with `--check` (in `npm run lint`) fails instead when the README differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import prettier from 'prettier';

import { withConfigTable } from './config-readme.js';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));

const current = await readFile(README, 'utf8');
const options = await prettier.resolveConfig(README);
const wanted = await prettier.format(withConfigTable(current), { ...options, filepath: README });
if (wanted === current) {
  console.log('README.md: the configuration table matches backend/src/config');
} else if (process.argv.includes('--check')) {
  console.error(
    'README.md: the configuration table differs from backend/src/config; run `npm run config:readme -w backend`',
  );
  process.exitCode = 1;
} else {
  await writeFile(README, wanted);
  console.log('README.md: configuration table rewritten from backend/src/config');
}
