import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';

import type { MemeDto, TemplateDto } from '@mememint/contracts';
import request from 'supertest';

import { type ClipRequest, makeClip } from './clips.js';
import { startInferenceWorker, type WorkerProcess } from './inference-worker.js';
import { bearer, newPlayer, photo, type Player, requestGeneration } from './memes.js';
import { SocketRecorder } from './socket-recorder.js';
import type { TestApp } from './test-app.js';

/**
 * What the animation e2e files share (issue 24): an admin listening on the socket, a real inference
 * worker and a folder for clips. The app is the caller's (made with `ADMIN_TG_IDS` set to `adminTgId`).
 */
export interface AnimationSetup {
  worker: WorkerProcess;
  folder: string;
  admin: Player;
  adminSocket: SocketRecorder;
  /** Stops the worker, closes the admin's socket and removes the folder (the app is the caller's). */
  close(): Promise<void>;
}

export async function startAnimationSetup(t: TestApp, adminTgId: number): Promise<AnimationSetup> {
  const worker = await startInferenceWorker(t.config);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'mememint-e2e-clips-'));
  const admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  const adminSocket = await SocketRecorder.connect(t.server, admin.token);
  return {
    worker,
    folder,
    admin,
    adminSocket,
    async close() {
      adminSocket.close();
      await worker.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** `POST /api/v1/memes/generations/templates/` of a file by a player (an admin, or one refused). */
export function uploadTemplate(
  server: Server,
  as: Player,
  bytes: Buffer,
  name: string,
  caption = 'Top\nBottom',
) {
  return request(server)
    .post('/api/v1/memes/generations/templates/')
    .set(bearer(as))
    .field('title', `Clip ${name}`)
    .field('caption', caption)
    .attach('image', bytes, name);
}

/**
 * Makes a test clip, uploads it as the admin and waits for its analysis to enable it; answers the
 * template as the admin's console lists it then.
 */
export async function uploadTestClip(
  t: TestApp,
  setup: AnimationSetup,
  clip: ClipRequest,
  caption?: string,
): Promise<TemplateDto> {
  const file = await makeClip(setup.folder, clip);
  const res = await uploadTemplate(t.server, setup.admin, await readFile(file), path.basename(file), caption);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  const id = (res.body as TemplateDto).id;
  const analysed = await setup.adminSocket.until('template:analysed', (event) => event.templateId === id);
  if (!analysed.enabled) throw new Error(`the clip's analysis left it disabled: ${JSON.stringify(analysed)}`);
  const listed = await request(t.server).get(`/api/v1/admin/templates/${id}/`).set(bearer(setup.admin));
  return listed.body as TemplateDto;
}

/** A generation from a template with a face photo, waited for on the player's socket: the meme made. */
export async function generateMeme(
  t: TestApp,
  player: Player,
  socket: SocketRecorder,
  templateId: string,
  face = 'portrait-04.jpg',
): Promise<MemeDto> {
  const res = await requestGeneration(t.server, player, { templateId }, photo(face));
  if (res.status !== 201) throw new Error(`generation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (await socket.until('generation:done', (event) => event.id === res.body.id)).meme;
}
