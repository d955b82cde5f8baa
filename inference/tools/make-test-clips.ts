import path from 'node:path';
import { parseArgs } from 'node:util';

import { TEST_CLIPS, type TestClipName, writeTestClip } from '../test/test-clips.js';

/**
 * Makes the test clips (inference/test/test-clips.ts) from the labelled photos:
 *   npm run clips -w inference -- --out /tmp/clips [--only pan,crossing] [--format mp4|gif|both]
 *     [--width 480] [--height 320] [--fps 25] [--seconds 2]
 * The same options make the same files.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'test-clips' },
    only: { type: 'string' },
    format: { type: 'string', default: 'both' },
    width: { type: 'string', default: '480' },
    height: { type: 'string' },
    fps: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '2' },
  },
});
const names = (values.only?.split(',') ?? Object.keys(TEST_CLIPS)) as TestClipName[];
const formats = values.format === 'both' ? (['mp4', 'gif'] as const) : [values.format as 'mp4' | 'gif'];
const options = {
  width: Number(values.width),
  ...(values.height ? { height: Number(values.height) } : {}),
  fps: Number(values.fps),
  seconds: Number(values.seconds),
};
for (const name of names) {
  if (!(name in TEST_CLIPS)) throw new Error(`no test clip "${name}": ${Object.keys(TEST_CLIPS).join(', ')}`);
  for (const format of formats) {
    const file = await writeTestClip(name, path.resolve(values.out), format, options);
    console.log(file);
  }
}
