/**
 * Watchers of the fan-out benchmark, in a process of their own (rating-fanout.bench.ts forks one or
 * more): Socket.IO clients (websocket transport, as the mini app tries first) that watch the all-time
 * global board and note when each update arrives.
 * Messages from the parent: `{type: 'connect', urls, tokens, count, offset}` (adds clients up to
 * `count`, spread over the replicas' URLs; `offset` staggers the spread between processes),
 * `{type: 'collect', marker}` (sent right after the change; answers `{type: 'times', times, cpuMs,
 * bytes}` once every client has the update whose top entry is `marker`, or after 30 s with those that
 * have: arrival times, this process's CPU while waiting for them, and the update's size as received),
 * `{type: 'close'}`.
 */
import type { ClientToServerEvents, RatingUpdate, ServerToClientEvents } from '@mememint/contracts';
import { io, type Socket } from 'socket.io-client';

type ParentMessage =
  | { type: 'connect'; urls: string[]; tokens: string[]; count: number; offset: number }
  | { type: 'collect'; marker: string }
  | { type: 'close' };

const PARALLEL_CONNECTS = 100;
const COLLECT_TIMEOUT_MS = 30_000;

const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
/** Arrival times (ms, on the shared wall clock) per update marker. */
const arrivals = new Map<string, number[]>();
/** One update as received per marker (its size is reported). */
const samples = new Map<string, RatingUpdate>();
let cpuSince: NodeJS.CpuUsage;
const send = (message: object) => process.send!(message);

/** The update's top entry as `tgId:score`: what the parent changed. */
function markerOf(update: RatingUpdate): string {
  const top = update.items[0];
  return top && 'tgId' in top ? `${top.tgId}:${top.score}` : '';
}

async function connectOne(url: string, token: string): Promise<void> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    // The server takes the handshakes one batch after another: patience, not a failure.
    timeout: 120_000,
    auth: { token },
  });
  socket.on('rating:update', (update) => {
    const at = performance.timeOrigin + performance.now();
    const marker = markerOf(update);
    const times = arrivals.get(marker);
    if (times) times.push(at);
    else {
      arrivals.set(marker, [at]);
      samples.set(marker, update);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.emitWithAck('rating:watch', { tab: 'global', period: 'all' });
  if (!ack.ok) throw new Error(ack.detail);
  sockets.push(socket);
}

async function connect(urls: string[], tokens: string[], count: number, offset: number): Promise<void> {
  while (sockets.length < count) {
    const batch = Math.min(PARALLEL_CONNECTS, count - sockets.length);
    await Promise.all(
      Array.from({ length: batch }, (_, i) => {
        const n = offset + sockets.length + i;
        return connectOne(urls[n % urls.length]!, tokens[n % tokens.length]!);
      }),
    );
  }
  send({ type: 'ready', connected: sockets.length });
}

async function collect(marker: string): Promise<void> {
  // The parent asks right after the change: from here on this process reads the update (and answers
  // the heartbeats of the moment, a small share).
  cpuSince = process.cpuUsage();
  const deadline = Date.now() + COLLECT_TIMEOUT_MS;
  while ((arrivals.get(marker)?.length ?? 0) < sockets.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const used = process.cpuUsage(cpuSince);
  const sample = samples.get(marker);
  send({
    type: 'times',
    times: arrivals.get(marker) ?? [],
    cpuMs: (used.user + used.system) / 1000,
    bytes: sample ? Buffer.byteLength(JSON.stringify(['rating:update', sample])) : 0,
  });
  arrivals.clear();
  samples.clear();
}

process.on('message', (message: ParentMessage) => {
  const done =
    message.type === 'connect'
      ? connect(message.urls, message.tokens, message.count, message.offset)
      : message.type === 'collect'
        ? collect(message.marker)
        : Promise.resolve().then(() => {
            for (const socket of sockets) socket.close();
            process.exit(0);
          });
  done.catch((error: Error) => {
    send({ type: 'error', message: error.message });
    process.exit(1);
  });
});
