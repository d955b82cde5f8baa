import { createRequire } from 'node:module';

import { aiLabelXmp } from '@mememint/contracts';

// The workspace's package.json, two folders up from both src/image and dist/image.
const pkg = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };

/** What labels every image the worker makes as AI-made (results, thumbnails, stickers). */
export const AI_LABEL_XMP = aiLabelXmp(`MemeMint face swap (${pkg.name} ${pkg.version})`);
