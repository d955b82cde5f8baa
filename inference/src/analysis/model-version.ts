import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { ensureModels, modelPaths } from '../models/model-paths.js';

/**
 * The analysis code's own version: bump it when what an analysis stores or measures changes, so that
 * stored analyses are made again.
 */
const ANALYSIS_CODE_VERSION = 1;

let version: Promise<string> | undefined;

/**
 * The version an analysis is stamped with: the analysis code's version and a hash over every model file.
 * A stored analysis of another version (a model was changed or converted differently) is ignored.
 */
export function analysisVersion(): Promise<string> {
  version ??= (async () => {
    await ensureModels();
    const hash = createHash('sha256');
    for (const file of Object.values(modelPaths)) hash.update(await readFile(file));
    return `${ANALYSIS_CODE_VERSION}-${hash.digest('hex').slice(0, 16)}`;
  })();
  version.catch(() => (version = undefined));
  return version;
}
