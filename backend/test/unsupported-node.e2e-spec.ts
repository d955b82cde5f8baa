import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Issue 28 #18: on a Node older than the README asks for, `npm ci` stops at once with a clear message
 * (devEngines, onFail error) instead of warning and installing. The project's package.json and lockfile
 * in a folder of their own, and npm run by a Node that says it is 22.12 (a preload sets
 * `process.version`, which is what npm checks): no older Node needs to be installed for the test.
 */
describe('npm ci on an unsupported Node', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mm-old-node-'));
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(ROOT, file), path.join(dir, file));
    writeFileSync(
      path.join(dir, 'old-node.cjs'),
      "Object.defineProperty(process, 'version', { value: 'v22.12.0' });\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops with EBADDEVENGINES, naming the Node it has and the one it needs', async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = execFile(
        'npm',
        // --dry-run: where the check were missing, the test would fail without installing a tree.
        ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
        {
          cwd: dir,
          env: { ...process.env, NODE_OPTIONS: `--require ${path.join(dir, 'old-node.cjs')}` },
        },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
      );
    });
    expect(code).not.toBe(0);
    expect(output).toContain('EBADDEVENGINES');
    expect(output).toContain("version: 'v22.12.0'");
    expect(output).toContain("required: { name: 'node', version: '>=22.13', onFail: 'error' }");
  });
});
