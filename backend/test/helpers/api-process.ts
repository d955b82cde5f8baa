/**
 * The API in a process of its own from the sources (`src/main.ts` through swc, NODE_ENV=test), on a
 * fresh database cloned from the migrated test template and its own Redis prefixes: for the tests that
 * need a whole process (signals, a Redis outage). The benches start the built API as production does
 * instead (bench/lib/api-process.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { freePort } from '../../scripts/local-services.mjs';
import { deleteKeys } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  port: number;
  /** The API's process id (its /proc/<pid>/status holds the peak RSS). */
  pid: number;
  /** Resolves with the exit code once the process has exited (null: killed by a signal). */
  exited: Promise<number | null>;
  database: TestDatabase;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const database = await createTestDatabase();
  const port = await freePort();
  const id = randomBytes(4).toString('hex');
  const fullEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `mmbench:${id}:`,
    BULL_PREFIX: `mmbench-bull-${id}`,
    MEDIA_DIR: `test-output/process-media-${id}`,
    ...env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', '@swc-node/register/esm-register', 'src/main.ts'],
    { cwd: BACKEND_DIR, env: { ...process.env, ...fullEnv }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 600) throw new Error('the API did not start within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    pid: child.pid!,
    exited,
    database,
    env: fullEnv,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await database.drop();
      await deleteKeys(fullEnv.REDIS_URL!, [fullEnv.REDIS_KEY_PREFIX!, fullEnv.BULL_PREFIX!]);
    },
  };
}
