import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { loadInferenceConfig } from './config.js';
import { InputError } from './errors.js';
import { runSwap } from './pipeline.js';

const usage =
  'usage: npm run swap -w inference -- --face a.jpg --target b.jpg [--text "…"] [--all] --out c.jpg';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      face: { type: 'string' },
      target: { type: 'string' },
      text: { type: 'string' },
      all: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  if (!values.face || !values.target || !values.out) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  // npm runs workspace scripts in the workspace: resolve paths against where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadInferenceConfig();
  const [face, target] = await Promise.all([
    readFile(path.resolve(cwd, values.face)),
    readFile(path.resolve(cwd, values.target)),
  ]);
  const result = await runSwap(
    { face, target, text: values.text, faces: values.all ? 'all' : 'largest' },
    config,
  );
  const out = path.resolve(cwd, values.out);
  await writeFile(out, result.image);
  console.log(`faces replaced: ${result.faces.length}`);
  for (const face of result.faces) {
    console.log(`  x=${face.x} y=${face.y} ${face.width}×${face.height} score ${face.score}`);
  }
  const total = Object.values(result.timings).reduce((sum, ms) => sum + ms, 0);
  console.log(
    `timings (ms): ${Object.entries(result.timings)
      .map(([stage, ms]) => `${stage} ${ms}`)
      .join(', ')}; total ${Math.round(total)}`,
  );
  console.log(`wrote ${out} (${result.width}×${result.height})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof InputError ? `${error.code}: ${error.message}` : error);
  process.exitCode = 1;
});
