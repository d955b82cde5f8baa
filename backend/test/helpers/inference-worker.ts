import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

import type { AppConfig } from '../../src/config/app.config.js';

const INFERENCE_DIR = fileURLToPath(new URL('../../../inference/', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** What the worker printed, for failure messages. */
  output(): string;
  /** SIGTERM: the worker finishes its running job, then exits. */
  stop(): Promise<void>;
  /** SIGKILL: the worker dies at once, holding whatever job it had. */
  kill(): Promise<void>;
}

/**
 * Starts the real inference worker (`inference/src/worker.ts`) as a child process on the test app's
 * Redis, Bull prefix and media directory, and resolves once it consumes the queue.
 */
export async function startInferenceWorker(
  config: AppConfig,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: INFERENCE_DIR,
    env: {
      ...process.env,
      REDIS_URL: config.redis.url,
      BULL_PREFIX: config.redis.bullPrefix,
      MEDIA_DIR: config.media.dir,
      INFERENCE_HEALTH_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('inference worker:')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`worker exited (${code ?? signal}) before ready:\n${output}`)),
    );
  });
  await ready;

  const exited = () =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
  return {
    child,
    output: () => output,
    async stop() {
      const done = exited();
      child.kill('SIGTERM');
      await done;
    },
    async kill() {
      const done = exited();
      child.kill('SIGKILL');
      await done;
    },
  };
}
