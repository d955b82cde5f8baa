import { type ChildProcess, spawn } from 'node:child_process';

import { freePort, redisAnswers } from '../../scripts/local-services.mjs';

/**
 * A redis-server of the test's own, on a free port, without persistence: the test stops it (an
 * outage) and starts it again on the same port (Redis is back, empty) while the app keeps running.
 */
export class OwnedRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnedRedis> {
    const redis = new OwnedRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) and resolves once it answers PING. */
  async resume(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const failed = new Promise<never>((_, reject) => child.once('error', reject));
    while (!(await Promise.race([redisAnswers('127.0.0.1', this.port), failed]))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Kills the server (no goodbye to its clients, as a crash or a lost network) and waits for its exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
}
