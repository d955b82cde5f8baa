import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, GENERATION_QUEUE } from '@mememint/contracts';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import {
  bearer,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedFace,
  seedTemplate,
} from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import type { Template } from '../src/templates/entities/template.entity.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(120_000);

/** No worker runs: every generation misses its (short) deadline and the sweeper closes it. */
describe('the generation sweeper', () => {
  let t: TestApp;
  let template: Template;
  const sockets: SocketRecorder[] = [];
  const adminTgId = newTgId();

  const generate = (player: Player, face?: Buffer) =>
    requestGeneration(t.server, player, { templateId: template.id }, face);
  const connect = async (player: Player) => {
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_TG_IDS: String(adminTgId),
        NEW_USER_CREDITS: '0',
        GENERATION_DEADLINE_SECONDS: '2',
        GENERATION_SWEEP_SECONDS: '1',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    // No worker analyses an uploaded template here: it is seeded as one added before analyses.
    template = await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('fails a generation past its deadline, withdraws its job and refunds its credit', async () => {
    const player = await newPlayer(t.server, t.config);
    await t.app.get(LedgerService).addCredits(player.tgId, 1, { reason: 'admin-grant' });
    const socket = await connect(player);

    await seedFace(t.app, player, photo('portrait-02.jpg'));
    const res = await generate(player).expect(201);
    const id = res.body.id as string;
    // The deadline's own code and words: the photo was fine, the meme took too long, the credit is back.
    expect(await socket.until('generation:failed', (p) => p.id === id)).toEqual({
      id,
      detail: ErrorText.generationTimeout,
      code: 'GENERATION_TIMEOUT',
    });
    expect(await socket.until('balance', (b) => b.generationLimit === 1)).toMatchObject({
      generationLimit: 1,
    });

    const status = await request(t.server)
      .get(`/api/v1/memes/generations/${id}/status/`)
      .set(bearer(player))
      .expect(200);
    expect(status.body).toMatchObject({
      status: 'failed',
      error: ErrorText.generationTimeout,
      errorCode: 'GENERATION_TIMEOUT',
    });
    expect(await t.app.get<Queue>(getQueueToken(GENERATION_QUEUE)).getJob(id)).toBeNull();
    expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
  });

  it('a free generation that failed does not use up the free window', async () => {
    const player = await newPlayer(t.server, t.config);
    const socket = await connect(player);
    await seedFace(t.app, player, photo('portrait-02.jpg'));
    const first = await generate(player).expect(201);
    await generate(player).expect(429);
    await socket.until('generation:failed', (p) => p.id === first.body.id);
    await generate(player).expect(201);
  });
});

/** A long deadline: only a generation whose job is missing is closed by the sweeper. */
describe('the generation sweeper, before the deadline', () => {
  let t: TestApp;
  let template: Template;
  let socket: SocketRecorder;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NEW_USER_CREDITS: '0',
        GENERATION_DEADLINE_SECONDS: '3600',
        GENERATION_SWEEP_SECONDS: '1',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    template = await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  it('fails and refunds at once a generation whose job never reached the queue; a queued one waits', async () => {
    const player = await newPlayer(t.server, t.config);
    await t.app.get(LedgerService).addCredits(player.tgId, 2, { reason: 'admin-grant' });
    socket = await SocketRecorder.connect(t.server, player.token);
    await seedFace(t.app, player, photo('portrait-02.jpg'));
    const waiting = (await requestGeneration(t.server, player, { templateId: template.id }).expect(201)).body
      .id as string;
    const orphan = (await requestGeneration(t.server, player, { templateId: template.id }).expect(201)).body
      .id as string;
    // As when the API died between committing the charged generation and queueing its job (seen in the
    // scale-out rehearsal: the database and Redis closed under a request at the end of the grace).
    const queue = t.app.get<Queue>(getQueueToken(GENERATION_QUEUE));
    await (await queue.getJob(orphan))!.remove();

    expect(await socket.until('generation:failed', (p) => p.id === orphan)).toEqual({
      id: orphan,
      detail: ErrorText.imageUpload,
    });
    await socket.until('balance', (b) => b.generationLimit === 1);
    // The queued one was as stale as the orphan when the sweeper looked, and is left to its worker.
    const status = await request(t.server)
      .get(`/api/v1/memes/generations/${waiting}/status/`)
      .set(bearer(player))
      .expect(200);
    expect(status.body).toMatchObject({ status: 'queued' });
    expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
  });
});
