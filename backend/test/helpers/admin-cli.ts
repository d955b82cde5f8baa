import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number | null;
  /** stdout and stderr together, as an operator's terminal shows them. */
  output: string;
}

/** Runs `npm run admin -- <args>` as its own process (what `npm run admin` starts) with `env` added. */
export function runAdminCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', '@swc-node/register/esm-register', 'src/admin/admin.cli.ts', ...args],
      { cwd: BACKEND_DIR, env: { ...process.env, NODE_ENV: 'test', ...env } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Node's own deprecation notices about the TypeScript loader (Node 26: DEP0205) are not the
    // command's output.
    child.on('close', (code) =>
      resolve({
        code,
        output: output.replace(/^\(node:\d+\) \[DEP\d+\].*\n(\(Use `node --trace-deprecation.*\n)?/gm, ''),
      }),
    );
  });
}
