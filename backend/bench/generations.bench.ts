/**
 * End-to-end generation benchmark: the API as production runs it (scripts/lib/production-stack.mjs: built, in
 * its own process, NODE_ENV=production, players signed in with init data signed by its bot token; HTTP,
 * charging, queue, Socket.IO) with one real inference worker process, on the local PostgreSQL and
 * Redis. Rules changed (printed with the verdict): one player makes them all, so the per-player limits
 * and the cap of open generations are off and the player starts with the credits they cost.
 *   npm run bench -w backend -- generations [--sequential 30 --burst 40 --templates 10]
 * Sequential: one generation at a time, request → `generation:done` on the player's socket, beside the
 * worker's own time for the swap; the difference is what the API and the queue add.
 * Burst: all requests at once, one worker: generations per minute. Then the requests alone, with the
 * worker stopped, for what the API costs when nothing else wants the CPU.
 * Templates: an admin's upload request → 201, the worker's `analyse` job awaited inside it (a portrait
 * and a group photo, alternately).
 */
import 'reflect-metadata';

import type { Server } from 'node:http';
import { parseArgs } from 'node:util';

import sharp from 'sharp';
import { GENERATION_QUEUE } from '@mememint/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';

import { AppConfig } from '../src/config/app.config.js';
import { startInferenceWorker } from '../test/helpers/inference-worker.js';
import {
  consentToFace,
  createTemplate,
  photo,
  type Player,
  requestGeneration,
} from '../test/helpers/memes.js';
import { SocketRecorder } from '../test/helpers/socket-recorder.js';
import { newTgId } from '../test/helpers/telegram-login.js';
import { type ProductionStack, startProductionStack } from '../../scripts/lib/production-stack.mjs';
import { percentile } from './lib/http-load.js';

const { values } = parseArgs({
  options: {
    sequential: { type: 'string', default: '30' },
    burst: { type: 'string', default: '40' },
    templates: { type: 'string', default: '10' },
  },
});
const SEQUENTIAL = Number(values.sequential);
const BURST = Number(values.burst);
const TEMPLATES = Number(values.templates);
/** Target and face at the size the inference benchmark uses. */
const SIDE = 1024;

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A player signed in as the mini app signs in (init data signed for the API's bot token), agreed to the face note. */
async function signIn(api: ProductionStack, server: Server, tgId = newTgId()): Promise<Player> {
  const res = await request(server)
    .post('/api/v1/auth/login/')
    .send({ initData: api.initData({ id: tgId }) })
    .expect(200);
  const player = { tgId, token: (res.body as { jwtToken: string }).jwtToken };
  await consentToFace(server, player);
  return player;
}

async function main(): Promise<void> {
  const adminTgId = newTgId();
  const api = await startProductionStack({
    ruleChanges: {
      // One player makes every generation, dozens at once, and the admin uploads templates in a row.
      GENERATION_MAX_ACTIVE_PER_PLAYER: '0',
      RATE_LIMIT_GENERATIONS_PER_PLAYER: '0',
      RATE_LIMIT_UPLOADS_PER_PLAYER: '0',
      NEW_USER_CREDITS: String(2 * SEQUENTIAL + BURST + 10),
    },
    why: 'one player makes every generation of the bench',
    env: { ADMIN_TG_IDS: String(adminTgId) },
  });
  // The API is reached by its port: supertest and the socket helpers take anything with an address.
  const server = {
    address: () => ({ port: api.port, address: '127.0.0.1', family: 'IPv4' }),
  } as unknown as Server;
  const config = new AppConfig(api.env);
  const worker = await startInferenceWorker(config, { NODE_ENV: 'production' });
  const db = new pg.Pool({ connectionString: api.databaseUrl, max: 2 });
  const redis = new Redis(config.redis.url);
  const sockets: SocketRecorder[] = [];
  try {
    const resized = (name: string) =>
      sharp(photo(name)).resize(SIDE, SIDE, { fit: 'inside' }).jpeg().toBuffer();
    const admin = await signIn(api, server, adminTgId);
    const template = await createTemplate(server, admin, await resized('portrait-07.jpg'), {
      title: 'Bench',
    });

    const player = await signIn(api, server);
    const socket = await SocketRecorder.connect(server, player.token);
    sockets.push(socket);
    const start = (withFace: Buffer | null) =>
      requestGeneration(server, player, { templateId: template.id }, withFace ?? undefined).expect(201);
    const finish = async (id: string) => {
      const outcome = await socket.outcome(id);
      if (outcome !== 'done') throw new Error(`generation ${id} ${outcome}`);
    };
    const workerMs = async (ids: string[]) =>
      (
        (await db.query(`SELECT worker_ms FROM generations WHERE id = ANY($1)`, [ids])).rows as {
          worker_ms: number;
        }[]
      ).map((row) => row.worker_ms);

    // Warm-up: the worker loads its models on its first job; the face becomes the player's stored face.
    await finish((await start(await resized('portrait-02.jpg'))).body.id);

    // Template uploads, once the worker is warm: the analysis is part of the request.
    const templateUploads: number[] = [];
    const templateImages = [await resized('portrait-07.jpg'), await resized('group-06.jpg')];
    for (let i = 0; i < TEMPLATES; i++) {
      const started = performance.now();
      await createTemplate(server, admin, templateImages[i % 2]!, { title: `Bench ${i}` });
      templateUploads.push(performance.now() - started);
    }

    // Wall-clock times (Date.now) so they compare with Bull's job timestamps (same machine), read from
    // the job's hash in Redis as Bull keeps it.
    const jobTimes = async (id: string) => {
      const [processedOn, finishedOn] = await redis.hmget(
        `${config.redis.bullPrefix}:${GENERATION_QUEUE}:${id}`,
        'processedOn',
        'finishedOn',
      );
      return { processedOn: Number(processedOn), finishedOn: Number(finishedOn) };
    };
    const rows: Record<string, number[]> = {
      latency: [],
      answered: [],
      pickup: [],
      workerWall: [],
      toSocket: [],
      overhead: [],
    };
    const sequentialIds: string[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const requested = Date.now();
      const id = (await start(null)).body.id as string;
      const answered = Date.now();
      await finish(id);
      const delivered = Date.now();
      const job = await jobTimes(id);
      rows.latency!.push(delivered - requested);
      rows.answered!.push(answered - requested);
      rows.pickup!.push(job.processedOn - requested);
      rows.workerWall!.push(job.finishedOn - job.processedOn);
      rows.toSocket!.push(delivered - job.finishedOn);
      rows.overhead!.push(delivered - requested - (job.finishedOn - job.processedOn));
      sequentialIds.push(id);
    }
    const workerTimes = await workerMs(sequentialIds);

    const burstStarted = performance.now();
    const burstIds = (await Promise.all(Array.from({ length: BURST }, () => start(null)))).map(
      (res) => res.body.id as string,
    );
    await Promise.all(burstIds.map(finish));
    const burstSeconds = (performance.now() - burstStarted) / 1000;

    // The API alone: with the worker stopped, nothing competes with the backend for the CPU.
    await worker.stop();
    const alone: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const requested = Date.now();
      await start(null);
      alone.push(Date.now() - requested);
    }

    console.log(`\nEnd-to-end generations (1 worker, ${SIDE} px template, stored face, no caption)\n`);
    const line = (label: string, samples: number[]) =>
      console.log(
        `| ${label.padEnd(58)} | ${ms(percentile(samples, 50)).padStart(9)} | ${ms(percentile(samples, 95)).padStart(9)} |`,
      );
    console.log(`| ${`Sequential, ${SEQUENTIAL} generations`.padEnd(58)} |       p50 |       p95 |`);
    console.log(`| ${'-'.repeat(58)} | --------: | --------: |`);
    line('request → `generation:done` on the socket', rows.latency!);
    line('worker: job wall time (Bull processedOn → finishedOn)', rows.workerWall!);
    line('worker: its swap stages (decode → store)', workerTimes);
    line('**API + queue overhead** (request → done − job wall time)', rows.overhead!);
    line('… POST answered (charge, row, enqueue)', rows.answered!);
    line('… request → job taken by the worker', rows.pickup!);
    line('… job finished → `generation:done` received', rows.toSocket!);
    line('POST answered with no worker running (the API alone)', alone);
    if (TEMPLATES > 0)
      line(`template upload → 201 (analysed by the worker), ${TEMPLATES} uploads`, templateUploads);
    console.log(
      `\nBurst: ${BURST} generations requested at once, all done in ${burstSeconds.toFixed(1)} s: ` +
        `${((BURST / burstSeconds) * 60).toFixed(0)} generations per minute with one worker`,
    );
    const load = (await import('node:os')).loadavg().map((value) => value.toFixed(1));
    console.log(`${api.rules} Load average at the end: ${load.join(' ')}.`);
  } finally {
    for (const socket of sockets) socket.close();
    await worker.stop();
    redis.disconnect();
    await db.end();
    await api.stop();
  }
}

await main();
