/**
 * Live board fan-out: 1,000 and then 10,000 Socket.IO clients (in a separate process, this machine)
 * watch the all-time global board of a real API; a player's earned coins put them on top, and each
 * round measures the time from that ledger change until every watcher has the `rating:update`
 * (p50/p99 over watchers), the server's cost of the broadcast per watcher, and the board
 * computations per change (one, whatever the number of watchers).
 *   npm run bench -w backend -- rating-fanout [--rounds 10] [--sizes 1000,10000] [--replicas 2]
 * With `--replicas 2` a second API process (rating-replica.ts) shares the database and Redis, the
 * watchers connect to both in turn, and the update reaches the second through the Redis adapter.
 * Target (issue 10): p99 under 1 s.
 */
import 'reflect-metadata';

import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import type { RatingUpdate } from '@mememint/contracts';

import { RatingBroadcasterService } from '../src/rating/rating-broadcaster.service.js';
import { RatingGateway } from '../src/rating/rating.gateway.js';
import globalSetup from '../test/global-setup.mjs';
import globalTeardown from '../test/global-teardown.mjs';
import { newPlayer, type Player } from '../test/helpers/memes.js';
import { earn } from '../test/helpers/rating.js';
import { createTestApp } from '../test/helpers/test-app.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    sizes: { type: 'string', default: '1000,10000' },
    replicas: { type: 'string', default: '1' },
  },
});
const REPLICAS = Number(values.replicas);
const ROUNDS = Number(values.rounds);
const SIZES = values.sizes.split(',').map(Number);
const INTERVAL_MS = 1000;
const TOKENS = 100;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const wallNow = () => performance.timeOrigin + performance.now();

/** Sends a message to the watchers' process and waits for its answer of `type`. */
async function ask<T>(child: ChildProcess, message: object, type: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the watchers' process exited (${code})`));
    };
    const onMessage = (answer: { type: string; message?: string }) => {
      if (answer.type !== 'error' && answer.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (answer.type === 'error') reject(new Error(`watchers: ${answer.message}`));
      else resolve(answer as T);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

interface Round {
  latencies: number[];
  missing: number;
  cpuMs: number;
}

async function main(): Promise<void> {
  await globalSetup();
  const t = await createTestApp({ env: { RATING_BROADCAST_INTERVAL_MS: String(INTERVAL_MS) } });
  const forkTs = (file: string) =>
    fork(new URL(file, import.meta.url), [], {
      execArgv: ['--import', '@swc-node/register/esm-register'],
      serialization: 'advanced',
    });
  const child = forkTs('./rating-watchers.ts');
  const replica = REPLICAS > 1 ? forkTs('./rating-replica.ts') : null;
  try {
    await t.app.listen(0, '127.0.0.1');
    const urls = [`http://127.0.0.1:${(t.server.address() as AddressInfo).port}`];
    if (replica) {
      const { port } = await ask<{ port: number }>(
        replica,
        {
          type: 'start',
          databaseUrl: t.database.url,
          env: {
            RATING_BROADCAST_INTERVAL_MS: String(INTERVAL_MS),
            REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
            BULL_PREFIX: t.config.redis.bullPrefix,
            MEDIA_DIR: t.config.media.dir,
          },
        },
        'listening',
      );
      urls.push(`http://127.0.0.1:${port}`);
    }
    const players: Player[] = [];
    for (let i = 0; i < TOKENS; i += 20)
      players.push(...(await Promise.all(Array.from({ length: 20 }, () => newPlayer(t.server, t.config)))));
    const tokens = players.map((p) => p.token);

    // The server's own time spent in the broadcast call (encode once, write to every socket).
    const gateway = t.app.get(RatingGateway);
    const broadcast = gateway.broadcast.bind(gateway);
    const emitMs: number[] = [];
    gateway.broadcast = (update: RatingUpdate) => {
      const started = performance.now();
      broadcast(update);
      emitMs.push(performance.now() - started);
    };
    const broadcaster = t.app.get(RatingBroadcasterService);
    /** Board computations of every replica so far. */
    const computations = async () =>
      broadcaster.computations +
      (replica ? (await ask<{ count: number }>(replica, { type: 'computations' }, 'computations')).count : 0);

    const scores = new Map<number, number>();
    let top = 0;
    const results: { size: number; rounds: Round[]; emitMs: number[]; computations: number }[] = [];
    for (const size of SIZES) {
      const connecting = performance.now();
      await ask(child, { type: 'connect', urls, tokens, count: size }, 'ready');
      console.log(`${size} watchers connected in ${((performance.now() - connecting) / 1000).toFixed(1)} s`);
      await sleep(3 * INTERVAL_MS); // the board's first look (remembered, not sent) is behind us
      emitMs.length = 0;
      const computedBefore = await computations();
      const rounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const player = players[round % players.length]!;
        const target = top + 100;
        const cpu = process.cpuUsage();
        const changedAt = wallNow();
        await earn(t, player, target - (scores.get(player.tgId) ?? 0));
        scores.set(player.tgId, target);
        top = target;
        const { times } = await ask<{ times: number[] }>(
          child,
          { type: 'collect', marker: `${player.tgId}:${target}` },
          'times',
        );
        const used = process.cpuUsage(cpu);
        rounds.push({
          latencies: times.map((at) => at - changedAt),
          missing: size - times.length,
          cpuMs: (used.user + used.system) / 1000,
        });
        await sleep(INTERVAL_MS * 1.5);
      }
      results.push({
        size,
        rounds,
        emitMs: [...emitMs],
        computations: (await computations()) - computedBefore,
      });
    }

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;
    console.log(
      `\nLive board fan-out, ${ROUNDS} top changes per size, RATING_BROADCAST_INTERVAL_MS=${INTERVAL_MS}, ` +
        `${REPLICAS} API process${REPLICAS > 1 ? 'es (the broadcast call is the first one’s, for its half)' : ''}\n`,
    );
    console.log(
      '| watchers | change → update p50 | p99 | every watcher (max) | missed | broadcast call per watcher | server CPU per watcher | board computations per change |',
    );
    console.log('| -------: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { size, rounds, emitMs: emits, computations: computed } of results) {
      const all = rounds.flatMap((r) => r.latencies);
      const worst = rounds.map((r) => Math.max(...r.latencies));
      const cpuPerWatcher = rounds.reduce((sum, r) => sum + r.cpuMs, 0) / rounds.length / (size / REPLICAS);
      const emitPerWatcher =
        emits.reduce((sum, x) => sum + x, 0) / Math.max(1, emits.length) / (size / REPLICAS);
      console.log(
        `| ${size} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} | ${ms(percentile(worst, 50))} (worst ${ms(Math.max(...worst))}) | ${rounds.reduce((s, r) => s + r.missing, 0)} | ${us(emitPerWatcher)} | ${us(cpuPerWatcher)} | ${(computed / ROUNDS).toFixed(2)} |`,
      );
    }
  } finally {
    for (const helper of [child, replica]) {
      if (helper && helper.exitCode === null)
        await ask(helper, { type: 'close' }, 'closed').catch(() => undefined);
    }
    await t.close();
    await globalTeardown();
  }
}

await main();
