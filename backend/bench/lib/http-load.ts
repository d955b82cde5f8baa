/**
 * A small HTTP load generator for the benches: keep-alive connections, a closed loop (N clients,
 * each sends its next request when the previous answered: the maximum throughput) and an open loop
 * (requests sent on a fixed schedule whatever the answers: latency at a given rate, measured from
 * the scheduled send time so a stall is not hidden by waiting clients).
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

/** Linux's USER_HZ: /proc's CPU times are in these ticks. */
const CLOCK_TICKS = 100;

export interface Answer {
  status: number;
  body: string;
}

export class HttpClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly port: number,
    maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface RunResult {
  /** Operations per second that answered 2xx. */
  rate: number;
  ok: number;
  failed: number;
  /** Milliseconds per operation. */
  latencies: number[];
  /** Open loop: each operation's scheduled start, ms from the run's start (in the order of `latencies`). */
  startedAt?: number[];
  seconds: number;
}

/** `clients` loops, each running `op(client)` back to back for `durationMs`. */
export async function closedLoop(
  clients: number,
  durationMs: number,
  op: (client: number) => Promise<boolean>,
): Promise<RunResult> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const success = await op(client).catch(() => false);
        latencies.push(performance.now() - sent);
        if (success) ok += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rate: ok / seconds, ok, failed, latencies, seconds };
}

/** `op(i)` started every 1/`rate` s for `durationMs`; latency from each one's scheduled start. */
export async function openLoop(
  rate: number,
  durationMs: number,
  op: (index: number) => Promise<boolean>,
): Promise<RunResult> {
  const latencies: number[] = [];
  const startedAt: number[] = [];
  let ok = 0;
  let failed = 0;
  const interval = 1000 / rate;
  const total = Math.floor((durationMs / 1000) * rate);
  const started = performance.now();
  // Counted, not kept: a run's thousands of settled promises held to its end would be promoted to
  // the bench's old generation, and its mark-compacts would stall the load it generates.
  let inFlight = 0;
  let allSent = false;
  let allAnswered = () => {};
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  for (let index = 0; index < total; index++) {
    const scheduled = started + index * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight += 1;
    void op(index)
      .catch(() => false)
      .then((success) => {
        latencies.push(performance.now() - scheduled);
        startedAt.push(scheduled - started);
        if (success) ok += 1;
        else failed += 1;
        inFlight -= 1;
        if (inFlight === 0 && allSent) allAnswered();
      });
  }
  allSent = true;
  if (inFlight > 0) await answered;
  const seconds = (performance.now() - started) / 1000;
  return { rate: ok / seconds, ok, failed, latencies, startedAt, seconds };
}

/** `count` operations started at once; latency of each from the common start. */
export async function burst(count: number, op: (index: number) => Promise<boolean>): Promise<RunResult> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      op(index)
        .catch(() => false)
        .then((success) => {
          latencies.push(performance.now() - started);
          if (success) ok += 1;
          else failed += 1;
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rate: ok / seconds, ok, failed, latencies, seconds };
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSecondsOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0; // the process ended meanwhile
  }
}

/**
 * CPU seconds used so far by PostgreSQL: every live postgres process of the machine (its backends and
 * workers), and what the postmaster's ended children used (a backend that closed meanwhile).
 */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSecondsOf(pid);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // cutime and cstime (the 14th and 15th after the name): non-zero only for the postmaster.
      total += (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/**
 * Runs `run` and adds what each successful request cost in CPU: the API process's and PostgreSQL's
 * (all of the machine's postgres processes). Unlike rates, these hold when other work shares the
 * cores, so they compare two routes fairly.
 */
export async function withCpu(
  apiPid: number,
  run: () => Promise<RunResult>,
): Promise<RunResult & { apiCpuMs: number; postgresCpuMs: number }> {
  const api = cpuSecondsOf(apiPid);
  const postgres = postgresCpuSeconds();
  const result = await run();
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, result.ok);
  return {
    ...result,
    apiCpuMs: per(cpuSecondsOf(apiPid) - api),
    postgresCpuMs: per(postgresCpuSeconds() - postgres),
  };
}
