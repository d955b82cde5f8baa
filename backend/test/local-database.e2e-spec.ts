import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';

import { localPostgres, runningPostgres } from '../src/database/local-postgres.mjs';
import { newPlayer } from './helpers/memes.js';
import { createTestApp } from './helpers/test-app.js';

const BACKEND_DIR = fileURLToPath(new URL('..', import.meta.url));

/** `npm run admin -w backend -- <args>` as its package.json script runs it, without DATABASE_URL. */
function adminCommand(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', MEMEMINT_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        '@swc-node/register/esm-register',
        'src/database/local-database.cli.ts',
        'src/admin/admin.cli.ts',
        ...args,
      ],
      { cwd: BACKEND_DIR, env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function isAdmin(url: string, tgId: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT is_admin FROM users WHERE tg_id = $1', [tgId]);
    return rows[0]?.is_admin === true;
  } finally {
    await client.end();
  }
}

describe('backend commands without DATABASE_URL use the database of npm start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mm-launcher-data-'));
    // Like `.data` (mkdir's default mode): the server runs as its own user when we are root.
    await chmod(dataDir, 0o755);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('reaches the embedded server while it runs, and starts (then stops) it when it does not', async () => {
    // What `npm start` does without DATABASE_URL: the embedded server on <data>/postgres, the
    // application database on it, migrated by the API at boot; two players log in.
    const launcher = await localPostgres({ dataDir });
    expect(launcher.started).toBe(true);
    const app = await createTestApp({
      database: { name: 'mememint', url: launcher.url, drop: async () => undefined },
    });
    const [first, second] = [
      await newPlayer(app.server, app.config),
      await newPlayer(app.server, app.config),
    ];
    await app.close();

    const whileRunning = await adminCommand(dataDir, ['grant', String(first.tgId)]);
    expect(whileRunning).toMatchObject({ code: 0, stdout: `User ${first.tgId} is now an admin.\n` });
    expect(whileRunning.stderr).toContain('using the database of npm start (running)');
    expect(await isAdmin(launcher.url, first.tgId)).toBe(true);

    await launcher.stop();
    expect(await runningPostgres(path.join(dataDir, 'postgres'))).toBeNull();
    const whileStopped = await adminCommand(dataDir, ['grant', String(second.tgId)]);
    expect(whileStopped).toMatchObject({ code: 0, stdout: `User ${second.tgId} is now an admin.\n` });
    expect(whileStopped.stderr).toContain('using the database of npm start (started for this command)');
    // The command stopped the server it started.
    expect(await runningPostgres(path.join(dataDir, 'postgres'))).toBeNull();

    const again = await localPostgres({ dataDir });
    try {
      expect([await isAdmin(again.url, first.tgId), await isAdmin(again.url, second.tgId)]).toEqual([
        true,
        true,
      ]);
    } finally {
      await again.stop();
    }
  }, 180_000);

  it('with no database of npm start either, says so and fails like before', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'mm-launcher-empty-'));
    try {
      const result = await adminCommand(empty, ['grant', '12345']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`DATABASE_URL is unset and ${empty} holds no database of npm start.`);
      expect(result.stderr).toContain('DATABASE_URL is required');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
