/**
 * Live board fan-out: 1,000 and then 10,000 Socket.IO clients (in separate processes, this machine)
 * watch the all-time global board of the API started as production runs it (scripts/lib/production-stack.mjs:
 * built, NODE_ENV=production, the fake Bot API, players signed in with init data signed for the run's
 * bot token; RATING_BROADCAST_INTERVAL_MS as in production, 1 s; no rule changed). Each round a player
 * earns, as players do, enough to take the top: an admin adds a channel quest paying the difference,
 * the fake Bot API says the player joined the channel, and the player's quest check is paid through
 * the ledger. Each round measures the time from that check's request until every watcher has the
 * `rating:update` (p50/p99 over watchers), the broadcast call's wall time and the board computations
 * per change (the API's Prometheus metrics, METRICS_PORT), and the CPU per watcher on both sides
 * (the API process's from /proc).
 *   npm run bench -w backend -- rating-fanout [--rounds 10] [--sizes 1000,10000] [--procs 4] [--replicas 2]
 * `--procs` is the number of watcher processes the clients are spread over (real watchers each have
 * a device of their own; one process reading 10,000 sockets measures that process's event loop).
 * With `--replicas 2` a second API process shares the database and Redis, the watchers connect to
 * both in turn, and the update reaches the second through the Redis adapter.
 * Target (issue 10): p99 under 1 s. The load average is printed with the figures: write it down.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { startApi } from '../../scripts/lib/production-api.mjs';
import { freePort } from '../scripts/local-services.mjs';
import { cpuSecondsOf, HttpClient, percentile } from './lib/http-load.js';
import { startProductionStack } from '../../scripts/lib/production-stack.mjs';

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

interface Round {
  latencies: number[];
  missing: number;
  /** The broadcast calls' mean wall time over the replicas (from the metrics). */
  broadcastMs: number;
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

/** A metric's value from a Prometheus text exposition (a sample without labels). */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

/** The first player's Telegram id; the admin's is just before. */
const FIRST_PLAYER = 880_000_001;
const ADMIN = FIRST_PLAYER - 1;

async function main(): Promise<void> {
  const metricsPorts = [await freePort(), await freePort()];
  const api = await startProductionStack({
    env: { ADMIN_TG_IDS: String(ADMIN), METRICS_PORT: String(metricsPorts[0]) },
  });
  const forkTs = (file: string) =>
    fork(new URL(file, import.meta.url), [], {
      execArgv: ['--import', '@swc-node/register/esm-register'],
      serialization: 'advanced',
    });
  const watchers = Array.from({ length: PROCS }, () => forkTs('./rating-watchers.ts'));
  const http = new HttpClient(api.port, 8);
  // A second replica: the same deployment (database, Redis prefixes, secrets, bot) on another port.
  const replica =
    REPLICAS > 1
      ? await startApi({
          env: { ...api.env, METRICS_PORT: String(metricsPorts[1]) },
          port: await freePort(),
          label: 'api-2',
        })
      : null;
  const apis = [
    { port: api.port, pid: api.pid },
    ...(replica ? [{ port: replica.port, pid: replica.pid }] : []),
  ];
  const botApi = `${api.env.TELEGRAM_API_URL}`;
  try {
    const urls = apis.map(({ port }) => `http://127.0.0.1:${port}`);
    const login = async (tgId: number) => {
      const res = await http.request('POST', '/api/v1/auth/login/', undefined, {
        initData: api.initData({ id: tgId }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body}`);
      return (JSON.parse(res.body) as { jwtToken: string }).jwtToken;
    };
    const admin = await login(ADMIN);
    const players: { tgId: number; token: string }[] = [];
    for (let i = 0; i < TOKENS; i += 20)
      players.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async (_, n) => {
            const tgId = FIRST_PLAYER + i + n;
            return { tgId, token: await login(tgId) };
          }),
        )),
      );
    const tokens = players.map((p) => p.token);

    /** Every replica's metrics: board computations and the broadcast calls' count and seconds. */
    const metrics = async () => {
      let computations = 0;
      let broadcasts = 0;
      let broadcastSeconds = 0;
      for (const port of metricsPorts.slice(0, apis.length)) {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        computations += metric(text, 'mememint_rating_board_computations_total');
        broadcasts += metric(text, 'mememint_rating_broadcast_duration_seconds_count');
        broadcastSeconds += metric(text, 'mememint_rating_broadcast_duration_seconds_sum');
      }
      return { computations, broadcasts, broadcastSeconds };
    };
    const serverCpuSeconds = () => apis.reduce((sum, { pid }) => sum + cpuSecondsOf(pid), 0);

    /**
     * The player earns `coins` (×m) as players earn: a channel quest of its own paying them, the
     * player in the channel (the fake Bot API answering for Telegram), the player's check paid.
     * Answers the coins the ledger wrote and when the check was sent.
     */
    let quests = 0;
    const earn = async (player: (typeof players)[number], coins: number) => {
      quests += 1;
      const chatId = `-100${7_000_000_000 + quests}`;
      const created = await http.request('POST', '/api/v1/tasks/', admin, {
        kind: 'channel',
        title: { en: `Channel ${quests}`, ru: `Канал ${quests}` },
        description: { en: 'Join the channel', ru: 'Подпишитесь на канал' },
        chatId,
        rewardCoins: coins,
      });
      if (created.status !== 201) throw new Error(`a quest answered ${created.status}: ${created.body}`);
      const joined = await fetch(`${botApi}/__fake/chat-member`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chatId, userId: player.tgId, status: 'member' }),
      });
      if (!joined.ok) throw new Error(`the fake Bot API answered ${joined.status}`);
      const id = (JSON.parse(created.body) as { id: number }).id;
      const changedAt = wallNow();
      const checked = await http.request('GET', `/api/v1/tasks/check-task/${id}/`, player.token);
      const reward = (JSON.parse(checked.body) as { reward?: { coins?: number } }).reward;
      if (checked.status !== 200 || !reward?.coins)
        throw new Error(`the quest check answered ${checked.status}: ${checked.body}`);
      return { written: reward.coins, changedAt };
    };

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
      const computedBefore = (await metrics()).computations;
      const rounds: Round[] = [];
      const load = [loadAverage()];
      for (let round = 0; round < ROUNDS; round++) {
        const player = players[round % players.length]!;
        const before = await metrics();
        const serverCpu = serverCpuSeconds();
        const { written, changedAt } = await earn(player, top + 100 - (scores.get(player.tgId) ?? 0));
        const score = (scores.get(player.tgId) ?? 0) + written;
        scores.set(player.tgId, score);
        top = score;
        const answers = await Promise.all(
          watchers.map((child) =>
            ask<{ times: number[]; cpuMs: number; bytes: number }>(
              child,
              { type: 'collect', marker: `${player.tgId}:${score}` },
              'times',
            ),
          ),
        );
        const after = await metrics();
        const times = answers.flatMap((a) => a.times);
        rounds.push({
          latencies: times.map((at) => at - changedAt),
          missing: size - times.length,
          broadcastMs:
            after.broadcasts > before.broadcasts
              ? ((after.broadcastSeconds - before.broadcastSeconds) * 1000) /
                (after.broadcasts - before.broadcasts)
              : Number.NaN,
          serverCpuMs: (serverCpuSeconds() - serverCpu) * 1000,
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
      results.push({ size, rounds, computations: (await metrics()).computations - computedBefore, load });
    }

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;
    console.log(
      `\nLive board fan-out, ${ROUNDS} top changes per size, RATING_BROADCAST_INTERVAL_MS=${INTERVAL_MS} ` +
        `(production's), ${REPLICAS} API process${REPLICAS > 1 ? 'es' : ''}, ` +
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
    console.log('\nWhere the time goes (medians over rounds; per watcher = divided by the watchers)\n');
    console.log(
      '| watchers | broadcast call (wall, mean of the replicas) | API CPU per watcher and round (the quest check included) | client CPU per watcher (reading the update) | update size |',
    );
    console.log('| -------: | ---: | ---: | ---: | ---: |');
    for (const { size, rounds } of results) {
      console.log(
        `| ${size} | ${median(rounds.map((r) => r.broadcastMs)).toFixed(1)} ms | ${us(median(rounds.map((r) => r.serverCpuMs)) / size)} | ${us(median(rounds.map((r) => r.clientCpuMs)) / size)} | ${median(rounds.map((r) => r.bytes))} B |`,
      );
    }
    console.log(api.rules);
  } finally {
    for (const helper of watchers) {
      if (helper.exitCode === null) await ask(helper, { type: 'close' }, 'closed').catch(() => undefined);
    }
    http.close();
    await replica?.stop();
    await api.stop();
  }
}

await main();
