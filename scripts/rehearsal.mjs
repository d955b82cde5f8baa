// `npm run rehearsal [-- --players 200 --seconds 60 --signal SIGTERM|SIGKILL]`: the scale-out rehearsal
// (docs/OPERATIONS.md "Scale-out rehearsal"). Two API replicas and two inference workers on this machine,
// built code (`npm run build` first), sharing PostgreSQL and Redis, behind a small TCP proxy that spreads
// connections over the live replicas as a load balancer does. Players sign in with init data signed by the
// fake Bot API's token, open a socket, and generate memes and swipe for `--seconds`; half way one API
// replica and one worker get `--signal`. Clients retry on connection errors and 502/503 (as the mini app's
// network layer would) and their sockets reconnect. Then it waits for the queue to drain and reports the
// requests lost, the generations lost, the ledger drift and the socket events delivered.
// Runs on its own database and Redis prefixes (dropped/deleted at the end unless --keep) and its own
// media directory, so it disturbs nobody. PostgreSQL: DATABASE_URL (its server), else 127.0.0.1:5432,
// else the embedded server of `.data/`; Redis: REDIS_URL, else 127.0.0.1:6379.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import {
  ensureDatabase,
  freePort,
  localPostgres,
  postgresAnswers,
  redisAnswers,
  withDatabase,
} from '../backend/scripts/local-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const backendRequire = createRequire(path.join(root, 'backend/package.json'));
const pg = backendRequire('pg');
const { Redis } = backendRequire('ioredis');
const sharp = backendRequire('sharp');
const { io } = backendRequire('socket.io-client');

const { values: options } = parseArgs({
  options: {
    players: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    signal: { type: 'string', default: 'SIGTERM' },
    drain: { type: 'string', default: '240' },
    keep: { type: 'boolean', default: false },
  },
});
const PLAYERS = Number(options.players);
const SECONDS = Number(options.seconds);
const SIGNAL = options.signal;
if (!['SIGTERM', 'SIGKILL'].includes(SIGNAL)) throw new Error('--signal is SIGTERM or SIGKILL');

const id = randomBytes(4).toString('hex');
const workDir = path.join(os.tmpdir(), `mememint-rehearsal-${id}`);
const logDir = path.join(workDir, 'logs');
mkdirSync(logDir, { recursive: true });
const log = (message) => console.log(`[rehearsal +${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}`);
const t0 = Date.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

for (const built of ['backend/dist/main.js', 'inference/dist/worker.js', 'fake-bot-api/dist/main.js']) {
  if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
}
const { DEVELOPMENT_BOT_TOKEN } = await import(
  pathToFileURL(path.join(root, 'backend/dist/config/env.js')).href
);
const { signInitData } = await import(
  pathToFileURL(path.join(root, 'backend/dist/auth/telegram-init-data.js')).href
);

/** Things to undo at the end, newest first. */
const cleanups = [];
const children = [];

// ---------------------------------------------------------------- infrastructure

async function postgresServer() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(local)) return local;
  const server = await localPostgres();
  cleanups.push(() => server.stop());
  return server.url;
}

function startProcess(label, args, env, { readyText } = {}) {
  const out = createWriteStream(path.join(logDir, `${label}.log`));
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const proc = { label, child, exited, signalled: false };
  children.push(proc);
  const ready = readyText
    ? new Promise((resolve, reject) => {
        let seen = '';
        child.stdout.on('data', (chunk) => {
          seen += chunk;
          if (seen.includes(readyText)) resolve();
          if (seen.length > 100_000) seen = seen.slice(-10_000);
        });
        void exited.then((how) => reject(new Error(`${label} exited (${how}) before ready; see ${logDir}`)));
      })
    : Promise.resolve();
  return { proc, ready };
}

async function waitForHealth(port, proc) {
  for (let attempt = 0; ; attempt++) {
    if (proc.child.exitCode !== null)
      throw new Error(`${proc.label} exited; see ${logDir}/${proc.label}.log`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (attempt > 1200) throw new Error(`${proc.label} did not answer /api/health within 2 minutes`);
    await sleep(100);
  }
}

/**
 * A TCP load balancer: each new connection goes to the next replica in turn; a replica that refuses the
 * connection is skipped (as a balancer's health check would soon take it out). Sockets (WebSocket) pass.
 */
function startProxy(ports) {
  let next = 0;
  const open = new Set();
  const track = (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const tryBackend = (left) => {
      const port = ports[next++ % ports.length];
      const upstream = net.connect({ port, host: '127.0.0.1' });
      track(upstream);
      upstream.once('connect', () => {
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.pipe(client);
        client.pipe(upstream);
        client.resume();
      });
      upstream.once('error', () => {
        if (upstream.connecting === false && upstream.bytesRead > 0) return;
        if (left > 1) tryBackend(left - 1);
        else client.destroy();
      });
    };
    tryBackend(ports.length);
  });
  // Closing waits for no keep-alive connection: they are cut, as the run is over.
  const close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, close, port: server.address().port })),
  );
}

// ---------------------------------------------------------------- clients

const stats = {
  requests: 0,
  /** Requests that needed more than one attempt and then succeeded. */
  retried: 0,
  retries: 0,
  /** Final answers that were not what a working system gives, by `route status`. */
  lost: new Map(),
  /** Expected refusals (the swipe pace, a meme swiped before on a retry), by `route status`. */
  refused: new Map(),
  /** Answered 2xx/3xx, by route. */
  served: new Map(),
  generationsAccepted: new Set(),
  doneEvents: new Set(),
  failedEvents: new Set(),
  socketReconnects: 0,
  polled: 0,
};
const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
const RETRYABLE = new Set([502, 503, 504]);

/**
 * One request as a client with retries: connection errors and 502/503/504 are tried again (with
 * backoff, up to 12 times); `expected` lists further statuses that are answers, not failures.
 */
async function call(base, route, method, urlPath, { token, body, form, expected = [] } = {}) {
  stats.requests++;
  let last = '';
  for (let attempt = 1; attempt <= 12; attempt++) {
    try {
      const res = await fetch(`${base}${urlPath}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : form?.(),
        signal: AbortSignal.timeout(180_000),
      });
      const text = await res.text();
      if (RETRYABLE.has(res.status)) {
        last = `${res.status}`;
      } else {
        if (attempt > 1) {
          stats.retried++;
          stats.retries += attempt - 1;
        }
        const ok = res.status < 400;
        if (ok) bump(stats.served, route);
        if (!ok && expected.includes(res.status)) bump(stats.refused, `${route} ${res.status}`);
        else if (!ok) bump(stats.lost, `${route} ${res.status} ${text.slice(0, 120)}`);
        return { status: res.status, body: text ? JSON.parse(text) : null, attempts: attempt };
      }
    } catch (error) {
      last = error.cause?.code ?? error.name ?? 'error';
    }
    await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random()));
  }
  bump(stats.lost, `${route} gave up after 12 attempts (${last})`);
  return { status: 0, body: null, attempts: 12 };
}

class Player {
  constructor(base, tgId) {
    this.base = base;
    this.tgId = tgId;
    this.waiters = new Map();
  }

  async login() {
    const initData = signInitData(
      {
        query_id: `rehearsal${this.tgId}`,
        user: JSON.stringify({
          id: this.tgId,
          first_name: `Player ${this.tgId % 1000}`,
          language_code: 'en',
        }),
        auth_date: String(Math.floor(Date.now() / 1000)),
      },
      DEVELOPMENT_BOT_TOKEN,
    );
    const res = await call(this.base, 'login', 'POST', '/api/v1/auth/login/', { body: { initData } });
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    this.token = res.body.jwtToken;
  }

  connectSocket() {
    this.socket = io(this.base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: this.token },
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
    });
    this.socket.io.on('reconnect', () => stats.socketReconnects++);
    const settle = (outcome) => (payload) => {
      (outcome === 'done' ? stats.doneEvents : stats.failedEvents).add(payload.id);
      this.waiters.get(payload.id)?.({ outcome, memeId: payload.meme?.id });
    };
    this.socket.on('generation:done', settle('done'));
    this.socket.on('generation:failed', settle('failed'));
    return new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('connect_error', reject);
    });
  }

  /** The generation's outcome: from the socket, else (as the app does) by polling its status. */
  async outcome(generationId) {
    const fromSocket = new Promise((resolve) => this.waiters.set(generationId, resolve));
    for (;;) {
      const outcome = await Promise.race([fromSocket, sleep(15_000).then(() => null)]);
      if (outcome) return outcome;
      stats.polled++;
      const res = await call(
        this.base,
        'generation status',
        'GET',
        `/api/v1/memes/generations/${generationId}/status`,
        {
          token: this.token,
        },
      );
      if (res.body?.status === 'done' || res.body?.status === 'failed')
        return { outcome: res.body.status, memeId: res.body.meme?.id };
    }
  }

  /**
   * Generations one after another until `end` (or `count` of them), each result published to the feed
   * (where the other players swipe it).
   */
  async generateUntil(end, templateId, face, count = Infinity) {
    let first = !this.hasFace;
    for (let made = 0; Date.now() < end && made < count; made++) {
      const withFace = first;
      const res = await call(this.base, 'generation', 'POST', '/api/v1/memes/generations/', {
        token: this.token,
        expected: [429],
        form: () => {
          const form = new FormData();
          form.set('templateId', templateId);
          if (withFace) form.set('photo', new Blob([face], { type: 'image/jpeg' }), 'face.jpg');
          return form;
        },
      });
      if (res.status === 201) {
        first = false;
        this.hasFace = true;
        stats.generationsAccepted.add(res.body.id);
        const { outcome, memeId } = await this.outcome(res.body.id);
        if (outcome === 'done' && memeId)
          await call(this.base, 'publish', 'PATCH', `/api/v1/memes/${memeId}`, {
            token: this.token,
            body: { isPublished: true },
          });
      } else {
        await sleep(1000);
      }
    }
  }

  async swipeUntil(end) {
    while (Date.now() < end) {
      const deck = await call(this.base, 'swipe deck', 'GET', '/api/v1/swipes/?limit=10', {
        token: this.token,
      });
      const items = deck.body?.items ?? [];
      if (!items.length) {
        await sleep(2000);
        continue;
      }
      for (const meme of items) {
        if (Date.now() >= end) return;
        await sleep(1000 + Math.random() * 1000);
        // 409 (swiped before) after a retried swipe whose first attempt went through; 429 the pace;
        // 400 no swipes left in the bar.
        await call(this.base, 'swipe', 'POST', `/api/v1/swipes/${meme.id}/`, {
          token: this.token,
          body: { like: Math.random() < 0.6 },
          expected: [400, 409, 429],
        });
      }
    }
  }
}

// ---------------------------------------------------------------- the run

function loadSampler() {
  const samples = [];
  const timer = setInterval(() => samples.push(os.loadavg()[0]), 5000);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

async function main() {
  const serverUrl = await postgresServer();
  const database = `mememint_rehearsal_${id}`;
  await ensureDatabase(serverUrl, database);
  cleanups.push(async () => {
    if (options.keep) return;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.end();
  });
  const databaseUrl = withDatabase(serverUrl, database);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!process.env.REDIS_URL && !(await redisAnswers('127.0.0.1', 6379)))
    throw new Error('No Redis: set REDIS_URL or run one on 127.0.0.1:6379');
  const keyPrefix = `mmrehearsal:${id}:`;
  const bullPrefix = `mmrehearsal-bull-${id}`;
  cleanups.push(async () => {
    if (options.keep) return;
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    for (const prefix of [keyPrefix, bullPrefix]) {
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = nextCursor;
      } while (cursor !== '0');
    }
    redis.disconnect();
  });
  const mediaDir = path.join(workDir, 'media');
  cleanups.push(async () => {
    if (!options.keep) rmSync(mediaDir, { recursive: true, force: true });
  });

  const apiPorts = [await freePort(), await freePort()];
  const fakeBotPort = await freePort();
  const adminTgId = 6_100_000_000 + Math.floor(Math.random() * 1e6) * 100;
  const base = { ...process.env };
  delete base.NODE_OPTIONS;
  const { proc: fakeBot } = startProcess('fake-bot-api', ['fake-bot-api/dist/main.js'], {
    ...base,
    FAKE_BOT_API_TOKEN: DEVELOPMENT_BOT_TOKEN,
    FAKE_BOT_API_PORT: String(fakeBotPort),
  });
  void fakeBot;
  const apiEnv = {
    ...base,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    BULL_PREFIX: bullPrefix,
    MEDIA_DIR: mediaDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TELEGRAM_BOT_TOKEN: DEVELOPMENT_BOT_TOKEN,
    TELEGRAM_API_URL: `http://127.0.0.1:${fakeBotPort}`,
    ADMIN_TG_IDS: String(adminTgId),
    NEW_USER_CREDITS: '1000',
    DATABASE_POOL_TIMEOUT_MS: '30000',
    // One address (this machine) plays 200 players: the limits are lifted as the tests lift them; the
    // cap of open generations per player stays (each player has one at a time here).
    RATE_LIMIT_AUTH_PER_ADDRESS: '0',
    RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '0',
    RATE_LIMIT_PLAYER_ROUTES_PER_ADDRESS: '0',
    RATE_LIMIT_UPLOADS_PER_PLAYER: '0',
    RATE_LIMIT_GENERATIONS_PER_PLAYER: '0',
    RATE_LIMIT_SWIPES_PER_PLAYER: '0',
    RATE_LIMIT_VOTES_PER_PLAYER: '0',
  };
  const apis = [];
  for (const [index, port] of apiPorts.entries()) {
    // One after the other: the first one migrates the new database.
    const { proc } = startProcess(`api-${index + 1}`, ['backend/dist/main.js'], {
      ...apiEnv,
      PORT: String(port),
    });
    await waitForHealth(port, proc);
    apis.push(proc);
  }
  const workerEnv = {
    ...base,
    REDIS_URL: redisUrl,
    BULL_PREFIX: bullPrefix,
    MEDIA_DIR: mediaDir,
    INFERENCE_HEALTH_PORT: '0',
    INFERENCE_THREADS: '1',
  };
  const workers = [];
  for (const index of [1, 2]) {
    const { proc, ready } = startProcess(`worker-${index}`, ['inference/dist/worker.js'], workerEnv, {
      readyText: 'inference worker:',
    });
    await ready;
    workers.push(proc);
  }
  const proxy = await startProxy(apiPorts);
  cleanups.push(() => proxy.close());
  const url = `http://127.0.0.1:${proxy.port}`;
  log(`2 API replicas (${apiPorts.join(', ')}), 2 workers, proxy on ${proxy.port}; logs in ${logDir}`);

  // The game's content: one template, and published memes for the swipe deck.
  const faces = path.join(root, 'testdata/faces');
  const templateImage = await sharp(path.join(faces, 'portrait-07.jpg'))
    .resize(768, 768, { fit: 'inside' })
    .jpeg()
    .toBuffer();
  const face = await sharp(path.join(faces, 'portrait-02.jpg'))
    .resize(512, 512, { fit: 'inside' })
    .jpeg()
    .toBuffer();
  const admin = new Player(url, adminTgId);
  await admin.login();
  const template = await call(url, 'template upload', 'POST', '/api/v1/memes/generations/templates/', {
    token: admin.token,
    form: () => {
      const form = new FormData();
      form.set('title', 'Rehearsal');
      form.set('image', new Blob([templateImage], { type: 'image/jpeg' }), 'template.jpg');
      return form;
    },
  });
  if (template.status !== 201) throw new Error(`template upload answered ${template.status}`);
  const seeders = await Promise.all(
    Array.from({ length: 8 }, async (_, index) => {
      const seeder = new Player(url, adminTgId + 1 + index);
      await seeder.login();
      return seeder;
    }),
  );
  // The first memes of the feed: two generations of each seeder, published.
  await Promise.all(
    seeders.map(async (seeder) => {
      await seeder.connectSocket();
      await seeder.generateUntil(Infinity, template.body.id, face, 2);
    }),
  );

  // Players sign in and open their sockets (in batches, as a crowd arriving).
  const players = [];
  for (let i = 0; i < PLAYERS; i += 20) {
    const batch = Array.from(
      { length: Math.min(20, PLAYERS - i) },
      (_, k) => new Player(url, adminTgId + 100 + i + k),
    );
    // Each player's first generation sends their face photo (uploads are read one at a time per
    // replica, UPLOAD_MAX_CONCURRENT): made here, as players arrive, so the timed part is the steady game.
    await Promise.all(
      batch.map(async (player) => {
        await player.login();
        await player.connectSocket();
        await player.generateUntil(Infinity, template.body.id, face, 1);
      }),
    );
    players.push(...batch);
  }
  log(
    `${players.length} players signed in with sockets, each with a first generation (their face); ` +
      `${stats.generationsAccepted.size} generated memes published`,
  );

  const requestsBefore = stats.requests;
  stats.generationsAccepted.clear();
  stats.served.clear();
  const sampler = loadSampler();
  const started = Date.now();
  const end = started + SECONDS * 1000;
  const killAt = started + (SECONDS * 1000) / 2;
  const killer = (async () => {
    await sleep(killAt - Date.now());
    log(`${SIGNAL} to api-1 and worker-1`);
    for (const proc of [apis[0], workers[0]]) {
      proc.signalled = true;
      proc.child.kill(SIGNAL);
    }
    const [apiExit, workerExit] = await Promise.all([apis[0].exited, workers[0].exited]);
    log(`api-1 exited (${apiExit}), worker-1 exited (${workerExit})`);
    return { apiExit, workerExit };
  })();
  await Promise.all(
    players.map((player) =>
      Promise.all([player.generateUntil(end, template.body.id, face), player.swipeUntil(end)]),
    ),
  );
  const loadDuring = sampler.stop();
  const exits = await killer;
  log(`load over; every player's last generation settled`);

  // Drain: every accepted generation must end done, or failed with its credit back.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const accepted = [...stats.generationsAccepted];
  const drainEnd = Date.now() + Number(options.drain) * 1000;
  let open;
  for (;;) {
    open = Number(
      (await db.query(`SELECT count(*) FROM generations WHERE status IN ('queued', 'processing')`)).rows[0]
        .count,
    );
    if (open === 0 || Date.now() > drainEnd) break;
    await sleep(2000);
  }
  const counts = Object.fromEntries(
    (await db.query(`SELECT status, count(*)::int AS n FROM generations GROUP BY status`)).rows.map((row) => [
      row.status,
      row.n,
    ]),
  );
  const known = new Set(
    (await db.query(`SELECT id FROM generations WHERE id = ANY($1)`, [accepted])).rows.map((row) => row.id),
  );
  const unrefunded = Number(
    (
      await db.query(
        `SELECT count(*) FROM generations g WHERE g.status = 'failed' AND NOT EXISTS (
           SELECT 1 FROM ledger_entries l WHERE l.idempotency_key = 'generation-refund:' || g.id)
           AND EXISTS (SELECT 1 FROM ledger_entries l WHERE l.idempotency_key = 'generation:' || g.id)`,
      )
    ).rows[0].count,
  );
  // The books, checked by the operators' own command: each line it prints is a balance off its ledger.
  const ledgerCheck = spawnSync(process.execPath, ['backend/dist/admin/admin.cli.js', 'ledger:check'], {
    cwd: root,
    env: apiEnv,
    encoding: 'utf8',
  });
  const drift = ledgerCheck.stderr.split('\n').filter((line) => line.startsWith('User '));
  if (ledgerCheck.status !== 0 && !(ledgerCheck.status === 1 && drift.length > 0))
    throw new Error(`ledger:check exited with ${ledgerCheck.status}: ${ledgerCheck.stderr}`);
  const doneIds = (await db.query(`SELECT id FROM generations WHERE status = 'done'`)).rows.map(
    (row) => row.id,
  );
  const swipes = Number((await db.query(`SELECT count(*) FROM swipes`)).rows[0].count);
  await db.end();
  const deliveredDone = doneIds.filter((doneId) => stats.doneEvents.has(doneId)).length;

  const lost = [...stats.lost.values()].reduce((a, b) => a + b, 0);
  const report = {
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    load: {
      before: os.loadavg()[0],
      during: loadDuring.map((value) => value.toFixed(2)).join(' '),
    },
    players: PLAYERS,
    seconds: SECONDS,
    signal: SIGNAL,
    exits,
    requests: stats.requests - requestsBefore,
    retriedThenServed: stats.retried,
    retries: stats.retries,
    requestsLost: lost,
    servedBy: Object.fromEntries(stats.served),
    lostBy: Object.fromEntries(stats.lost),
    refusedAsExpected: Object.fromEntries(stats.refused),
    swipes,
    generations: {
      accepted: accepted.length,
      byStatus: counts,
      acceptedButMissing: accepted.length - known.size,
      stillOpenAfterDrain: open,
      failedWithoutRefund: unrefunded,
      lost: accepted.length - known.size + open + unrefunded,
    },
    ledgerDrift: drift.length,
    socket: {
      generationsDone: doneIds.length,
      doneEventsReceived: deliveredDone,
      failedEventsReceived: stats.failedEvents.size,
      reconnects: stats.socketReconnects,
      statusPolls: stats.polled,
    },
  };
  console.log(JSON.stringify(report, null, 2));
  for (const player of [...players, admin, ...seeders]) player.socket?.close();
  return report.requestsLost === 0 && report.generations.lost === 0 && report.ledgerDrift === 0 ? 0 : 1;
}

async function cleanup() {
  for (const proc of children) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  }
  await Promise.all(children.map((proc) => proc.exited));
  for (const undo of cleanups.reverse()) await undo().catch((error) => console.error(`[rehearsal] ${error}`));
  console.log(`[rehearsal] process logs kept in ${logDir}`);
}

// Ctrl-C: the replicas, workers, database and keys go as after a finished run.
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`[rehearsal] ${error.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(code);
