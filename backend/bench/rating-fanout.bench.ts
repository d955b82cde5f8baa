/**
 * Live board fan-out: 1,000 and then 10,000 Socket.IO clients (in separate processes, this machine)
 * watch the all-time global board of a real API; a player's earned coins put them on top, and each
 * round measures the time from that ledger change until every watcher has the `rating:update`
 * (p50/p99 over watchers), where that time goes (the server's look and computation until the
 * broadcast, the broadcast call writing to every socket, the clients reading), the CPU per watcher on
 * both sides, and the board computations per change (one, whatever the number of watchers).
 *   npm run bench -w backend -- rating-fanout [--rounds 10] [--sizes 1000,10000] [--procs 4] [--replicas 2]
 * `--procs` is the number of watcher processes the clients are spread over (real watchers each have
 * a device of their own; one process reading 10,000 sockets measures that process's event loop).
 * With `--replicas 2` a second API process (rating-replica.ts) shares the database and Redis, the
 * watchers connect to both in turn, and the update reaches the second through the Redis adapter.
 * Target (issue 10): p99 under 1 s. The load average is printed with the figures: write it down.
 */
import 'reflect-metadata';

import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
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
    procs: { type: 'string', default: '4' },
    replicas: { type: 'string', default: '1' },
  },
});
const REPLICAS = Number(values.replicas);
const ROUNDS = Number(values.rounds);
const SIZES = values.sizes.split(',').map(Number);
const PROCS = Number(values.procs);
const INTERVAL_MS = 1000;
const TOKENS = 100;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const median = (samples: number[]) => percentile(samples, 50);
const wallNow = () => performance.timeOrigin + performance.now();
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Sends a message to a helper process and waits for its answer of `type`. */
async function ask<T>(child: ChildProcess, message: object, type: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`a helper process exited (${code})`));
    };
    const onMessage = (answer: { type: string; message?: string }) => {
      if (answer.type !== 'error' && answer.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (answer.type === 'error') reject(new Error(`helper: ${answer.message}`));
      else resolve(answer as T);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

/** The broadcast call on the first API process: when it started, its wall time and CPU time. */
interface Emit {
  at: number;
  wallMs: number;
  cpuMs: number;
  /** Of which in the kernel (the socket writes). */
  systemMs: number;
}

interface Round {
  latencies: number[];
  missing: number;
  /** Change → the broadcast call (the broadcaster's next look, lease, top, fingerprint). */
  toBroadcastMs: number;
  emit: Emit;
  serverCpuMs: number;
  clientCpuMs: number;
  bytes: number;
}

interface Result {
  size: number;
  rounds: Round[];
  computations: number;
  load: string[];
}

async function main(): Promise<void> {
  await globalSetup();
  const t = await createTestApp({ env: { RATING_BROADCAST_INTERVAL_MS: String(INTERVAL_MS) } });
  const forkTs = (file: string) =>
    fork(new URL(file, import.meta.url), [], {
      execArgv: ['--import', '@swc-node/register/esm-register'],
      serialization: 'advanced',
    });
  const watchers = Array.from({ length: PROCS }, () => forkTs('./rating-watchers.ts'));
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

    // The broadcast call (encode once, write to every socket of this process) is synchronous: its
    // wall and CPU time are the server's whole cost of handing the update to its sockets.
    const gateway = t.app.get(RatingGateway);
    const broadcast = gateway.broadcast.bind(gateway);
    let lastEmit: Emit | null = null;
    gateway.broadcast = (update: RatingUpdate) => {
      const at = wallNow();
      const cpu = process.cpuUsage();
      broadcast(update);
      const used = process.cpuUsage(cpu);
      lastEmit = {
        at,
        wallMs: wallNow() - at,
        cpuMs: (used.user + used.system) / 1000,
        systemMs: used.system / 1000,
      };
    };
    const broadcaster = t.app.get(RatingBroadcasterService);
    /** Board computations of every replica so far. */
    const computations = async () =>
      broadcaster.computations +
      (replica ? (await ask<{ count: number }>(replica, { type: 'computations' }, 'computations')).count : 0);

    const scores = new Map<number, number>();
    let top = 0;
    const results: Result[] = [];
    for (const size of SIZES) {
      const connecting = performance.now();
      await Promise.all(
        watchers.map((child, n) => {
          const count = Math.floor(size / PROCS) + (n < size % PROCS ? 1 : 0);
          return ask(child, { type: 'connect', urls, tokens, count, offset: n }, 'ready');
        }),
      );
      console.log(
        `${size} watchers in ${PROCS} process${PROCS > 1 ? 'es' : ''} connected in ` +
          `${((performance.now() - connecting) / 1000).toFixed(1)} s (load average ${loadAverage()})`,
      );
      await sleep(3 * INTERVAL_MS); // the board's first look (remembered, not sent) is behind us
      const computedBefore = await computations();
      const rounds: Round[] = [];
      const load = [loadAverage()];
      for (let round = 0; round < ROUNDS; round++) {
        const player = players[round % players.length]!;
        const target = top + 100;
        lastEmit = null;
        const cpu = process.cpuUsage();
        const changedAt = wallNow();
        await earn(t, player, target - (scores.get(player.tgId) ?? 0));
        scores.set(player.tgId, target);
        top = target;
        const answers = await Promise.all(
          watchers.map((child) =>
            ask<{ times: number[]; cpuMs: number; bytes: number }>(
              child,
              { type: 'collect', marker: `${player.tgId}:${target}` },
              'times',
            ),
          ),
        );
        const used = process.cpuUsage(cpu);
        const times = answers.flatMap((a) => a.times);
        const emit: Emit = lastEmit ?? {
          at: Number.NaN,
          wallMs: Number.NaN,
          cpuMs: Number.NaN,
          systemMs: Number.NaN,
        };
        rounds.push({
          latencies: times.map((at) => at - changedAt),
          missing: size - times.length,
          toBroadcastMs: emit.at - changedAt,
          emit,
          serverCpuMs: (used.user + used.system) / 1000,
          clientCpuMs: answers.reduce((sum, a) => sum + a.cpuMs, 0),
          bytes: Math.max(...answers.map((a) => a.bytes)),
        });
        console.log(
          `  round ${round + 1}: p50 ${percentile(rounds.at(-1)!.latencies, 50).toFixed(0)} ms, ` +
            `last ${Math.max(...rounds.at(-1)!.latencies).toFixed(0)} ms, load ${loadAverage()}`,
        );
        await sleep(INTERVAL_MS * 1.5);
      }
      load.push(loadAverage());
      results.push({ size, rounds, computations: (await computations()) - computedBefore, load });
    }

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;
    console.log(
      `\nLive board fan-out, ${ROUNDS} top changes per size, RATING_BROADCAST_INTERVAL_MS=${INTERVAL_MS}, ` +
        `${REPLICAS} API process${REPLICAS > 1 ? 'es (the broadcast call is the first one’s, for its half)' : ''}, ` +
        `${PROCS} watcher process${PROCS > 1 ? 'es' : ''}, ${cpus().length} CPUs\n`,
    );
    console.log(
      '| watchers | change → update p50 | p99 | last watcher (median round) | missed | board computations per change | load average (start → end) |',
    );
    console.log('| -------: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const { size, rounds, computations: computed, load } of results) {
      const all = rounds.flatMap((r) => r.latencies);
      const last = rounds.map((r) => Math.max(...r.latencies));
      console.log(
        `| ${size} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} | ${ms(median(last))} (worst ${ms(Math.max(...last))}) | ${rounds.reduce((s, r) => s + r.missing, 0)} | ${(computed / ROUNDS).toFixed(2)} | ${load.join(' → ')} |`,
      );
    }
    console.log(
      '\nWhere the time goes (medians over rounds; per watcher = divided by the watchers it served)\n',
    );
    console.log(
      '| watchers | change → broadcast call | broadcast call (wall) | broadcast CPU per watcher (of which kernel) | server CPU per watcher and round | client CPU per watcher (reading the update) | update size |',
    );
    console.log('| -------: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { size, rounds } of results) {
      const served = size / REPLICAS;
      console.log(
        `| ${size} | ${ms(median(rounds.map((r) => r.toBroadcastMs)))} | ${ms(median(rounds.map((r) => r.emit.wallMs)))} | ${us(median(rounds.map((r) => r.emit.cpuMs)) / served)} (${us(median(rounds.map((r) => r.emit.systemMs)) / served)}) | ${us(median(rounds.map((r) => r.serverCpuMs)) / served)} | ${us(median(rounds.map((r) => r.clientCpuMs)) / size)} | ${median(rounds.map((r) => r.bytes))} B |`,
      );
    }
  } finally {
    for (const helper of [...watchers, replica]) {
      if (helper && helper.exitCode === null)
        await ask(helper, { type: 'close' }, 'closed').catch(() => undefined);
    }
    await t.close();
    await globalTeardown();
  }
}

await main();
