// `npm run bench -w backend [-- <name>…] [-- --option value…]`: runs every bench/*.bench.ts one after
// another (each in its own process), or those whose file name contains one of the names. Options are
// passed on when one bench is chosen (each bench names its own in its header).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);

const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => names.length === 0 || names.some((name) => file.includes(name)))
  .sort();
if (benches.length === 0) {
  console.error(`No bench matches ${names.join(', ')}.`);
  process.exit(2);
}
if (options.length && benches.length > 1) {
  console.error(`Options go to one bench; ${benches.join(', ')} match. Name one.`);
  process.exit(2);
}
for (const file of benches) {
  console.log(`\n# ${file}\n`);
  const run = spawnSync(
    process.execPath,
    // The load generator's objects die young as the API's do (src/main.ts): a pretenured allocation
    // site's mark-compacts in the bench would count as the API's latency.
    [
      '--no-allocation-site-pretenuring',
      '--import',
      '@swc-node/register/esm-register',
      `bench/${file}`,
      ...options,
    ],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
