import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { freePort } from '../scripts/local-services.mjs';
import { ENV_VARS } from '../src/config/config.variables.js';
import { expectSecurityHeaders } from './helpers/security-headers.js';
import { deleteKeys, TEST_REDIS_URL } from './helpers/test-app.js';
import { createTestDatabase } from './helpers/test-database.js';

const MAIN = ['--import', '@swc-node/register/esm-register', 'src/main.ts'];

describe('configuration', () => {
  it('a bad variable stops start-up with a message naming it', () => {
    const result = spawnSync(process.execPath, MAIN, {
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://127.0.0.1/x', PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be an integer from 0 to 65535');
  });

  it('refuses to boot with the development login and a real bot token', () => {
    const result = spawnSync(process.execPath, MAIN, {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'postgres://127.0.0.1/x',
        DEV_LOGIN: '1',
        TELEGRAM_BOT_TOKEN: '42:a-real-token',
        TELEGRAM_WEBHOOK_SECRET: 'hook',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DEV_LOGIN=1 is refused with a real TELEGRAM_BOT_TOKEN');
  });

  it('booted for real, logs the mode it runs in and serves the built mini app with the security headers', async () => {
    const database = await createTestDatabase();
    const frontendDist = await mkdtemp(path.join(os.tmpdir(), 'mm-frontend-'));
    await writeFile(path.join(frontendDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const port = await freePort();
    const prefix = `mmtest-boot-${port}`;
    const api = spawn(process.execPath, MAIN, {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: `${prefix}:`,
        BULL_PREFIX: `${prefix}-bull`,
        MEDIA_DIR: path.join(frontendDist, 'media'),
        FRONTEND_DIST: frontendDist,
        PORT: String(port),
        DEV_LOGIN: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    api.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      while (!output.includes('MemeMint API on port')) {
        if (api.exitCode !== null) throw new Error(`the API exited: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const boot = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { context?: string; msg?: string })
        .find((line) => line.context === 'Bootstrap');
      expect(boot?.msg).toBe(
        `MemeMint API on port ${port}: NODE_ENV=development, development bot token (public, signs nothing real), ` +
          'development login ON (any Telegram id can log in), API docs at /api/docs',
      );
      for (const url of ['/', '/profile', '/api/health']) {
        const res = await fetch(`http://127.0.0.1:${port}${url}`);
        expect([url, res.status]).toEqual([url, 200]);
        expectSecurityHeaders({ headers: Object.fromEntries(res.headers) });
      }
    } finally {
      api.kill('SIGTERM');
      if (api.exitCode === null) await once(api, 'exit');
      await rm(frontendDist, { recursive: true, force: true });
      await deleteKeys(TEST_REDIS_URL, [prefix]);
      await database.drop();
    }
  }, 60_000);

  it('README documents every environment variable', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const undocumented = Object.keys(ENV_VARS).filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
