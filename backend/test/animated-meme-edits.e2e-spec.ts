import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AI_DIGITAL_SOURCE_TYPE, type MemeDto, type TemplateDto } from '@mememint/contracts';
import { MediaStore, probeVideo } from '@mememint/media';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import * as clips from './helpers/clips.js';
import {
  type AnimationSetup,
  generateMeme,
  startAnimationSetup,
  uploadTestClip,
} from './helpers/animation-setup.js';
import { type Player, bearer, download, me, newPlayer, photo, requestGeneration } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Clips are analysed, swapped and captioned frame by frame by a real worker on a shared two-core machine.
jest.setTimeout(300_000);

/** Mean absolute difference of two RGB frames over full-width rows [top, bottom). */
function bandDifference(a: Buffer, b: Buffer, width: number, top: number, bottom: number): number {
  let sum = 0;
  for (let o = top * width * 3; o < bottom * width * 3; o++) sum += Math.abs(a[o]! - b[o]!);
  return sum / ((bottom - top) * width * 3);
}

/**
 * Issue 24: what a still meme can do, an animated one does. A caption edit renders the video again (a
 * job on the animation queue, progress on the socket, limited like still edits, the replaced version
 * removed); a generation from an animated meme swaps into the animation.
 */
describe('editing and swapping into animated memes through a real inference worker', () => {
  let t: TestApp;
  let setup: AnimationSetup;
  let folder: string;
  let template: TemplateDto;
  let player: Player;
  let socket: SocketRecorder;
  let meme: MemeDto;
  const sockets: SocketRecorder[] = [];
  const adminTgId = newTgId();

  const connect = async (who: Player) => {
    const recorder = await SocketRecorder.connect(t.server, who.token);
    sockets.push(recorder);
    return recorder;
  };
  const saveFile = async (name: string, url: string) => {
    const file = path.join(folder, name);
    await writeFile(file, (await download(t.server, url)).body);
    return file;
  };
  const edit = (body: object) =>
    request(t.server).patch(`/api/v1/memes/${meme.id}/`).set(bearer(player)).send(body);

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_TG_IDS: String(adminTgId), RATE_LIMIT_CAPTIONS_PER_PLAYER: '2' },
    });
    await t.app.listen(0, '127.0.0.1');
    setup = await startAnimationSetup(t, adminTgId);
    folder = setup.folder;
    const clip = { name: 'pan', format: 'gif', fps: 10, seconds: 1.2 } as const;
    template = await uploadTestClip(t, setup, clip, 'Top words\nBottom words');

    player = await newPlayer(t.server, t.config);
    socket = await connect(player);
    meme = await generateMeme(t, player, socket, template.id);
    expect(meme).toMatchObject({ kind: 'animation', text: 'Top words\nBottom words' });
  });
  afterAll(async () => {
    for (const recorder of sockets) recorder.close();
    await setup?.close();
    await t?.close();
  });

  it('renders the video again for a new caption: progress on the socket, a new labelled MP4, the old one gone, limited like still edits', async () => {
    const before = meme;
    const oldFile = await saveFile('original.mp4', before.videoUrl!);
    const res = await edit({ text: 'Fresh top\nFresh bottom' }).expect(200);
    const edited = res.body as MemeDto;
    expect(edited).toMatchObject({
      id: before.id,
      kind: 'animation',
      text: 'Fresh top\nFresh bottom',
      frameCount: before.frameCount,
      durationMs: before.durationMs,
      width: before.width,
      height: before.height,
    });
    expect(edited.videoUrl).toMatch(/\.mp4$/);
    expect(edited.videoUrl).not.toBe(before.videoUrl);
    expect(edited.imageUrl).not.toBe(before.imageUrl);

    // The render's progress reached the owner, rising to its end.
    await socket.until('meme:caption-progress', (p) => p.memeId === meme.id && p.progress === 100);
    const percents = socket.of('meme:caption-progress').map((p) => p.progress);
    expect(percents.length).toBeGreaterThanOrEqual(3);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The new MP4: the clip's frames, size and length, faststart, the AI label on it too.
    const video = await download(t.server, edited.videoUrl!);
    expect(video.status).toBe(200);
    const newFile = path.join(folder, 'edited.mp4');
    await writeFile(newFile, video.body);
    expect(await probeVideo(newFile)).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: template.width,
      height: template.height,
      frames: template.frameCount,
      hasAudio: false,
    });
    expect(video.body.indexOf('moov')).toBeLessThan(video.body.indexOf('mdat'));
    expect(video.body.includes(AI_DIGITAL_SOURCE_TYPE)).toBe(true);

    // The caption changed on every frame (its bands), the swapped face between them did not.
    const { width, height } = template;
    for (const index of [0, template.frameCount! - 1]) {
      const [was, now] = await Promise.all([
        clips.clipFrame(oldFile, index),
        clips.clipFrame(newFile, index),
      ]);
      const captions =
        (bandDifference(was, now, width, 0, Math.round(height * 0.2)) +
          bandDifference(was, now, width, Math.round(height * 0.8), height)) /
        2;
      const middle = bandDifference(was, now, width, Math.round(height * 0.35), Math.round(height * 0.65));
      // The middle differs by a second encoding's loss only (the animations e2e allows 6 beside a face).
      expect(middle).toBeLessThan(6);
      expect(captions).toBeGreaterThan(Math.max(10, 2 * middle));
    }
  });

  it('drops the superseded version and never serves the caption-less clip; a third edit in the window is 429', async () => {
    const first = meme;
    const edited = (await request(t.server).get('/api/v1/memes/').set(bearer(player)).expect(200)).body
      .items[0] as MemeDto;
    // The version the first edit replaced is gone; the caption-less clip is kept but not served.
    expect((await download(t.server, first.videoUrl!)).status).toBe(404);
    expect((await download(t.server, first.imageUrl)).status).toBe(404);
    const plainKey = `generations/${first.generationId}.plain.mp4`;
    expect((await t.app.get(MediaStore).read(plainKey)).length).toBeGreaterThan(0);
    expect((await download(t.server, `/api/media/${plainKey}`)).status).toBe(404);

    // No caption at all: rendered from the caption-less clip again; the edited version goes in turn.
    const cleared = (await edit({ text: '' }).expect(200)).body as MemeDto;
    expect(cleared).toMatchObject({ text: null, kind: 'animation' });
    expect(cleared.videoUrl).not.toBe(edited.videoUrl);
    expect((await download(t.server, edited.videoUrl!)).status).toBe(404);
    const clearedFile = await saveFile('cleared.mp4', cleared.videoUrl!);
    const plainFile = path.join(folder, 'plain.mp4');
    await writeFile(plainFile, await t.app.get(MediaStore).read(plainKey));
    const [plainFrame, clearedFrame] = await Promise.all([
      clips.clipFrame(plainFile, 0),
      clips.clipFrame(clearedFile, 0),
    ]);
    expect(bandDifference(plainFrame, clearedFrame, template.width, 0, template.height)).toBeLessThan(2);

    // RATE_LIMIT_CAPTIONS_PER_PLAYER (2 here) as for stills: refused before any render, nothing changes.
    const renders = socket.of('meme:caption-progress').length;
    await edit({ text: 'One more' }).expect(429);
    const after = (await request(t.server).get('/api/v1/memes/').set(bearer(player)).expect(200)).body
      .items[0] as MemeDto;
    expect(after).toMatchObject({ text: null, videoUrl: cleared.videoUrl });
    expect(socket.of('meme:caption-progress')).toHaveLength(renders);
    meme = after;
  });

  it('swaps a face into an animated meme: an animation of its frames at the animation price', async () => {
    await t.app.get(LedgerService).addCredits(player.tgId, 2, { reason: 'admin-grant' });
    const credits = (await me(t.server, player)).generationLimit;
    const res = await requestGeneration(
      t.server,
      player,
      { memeId: meme.id, text: 'Second face' },
      photo('portrait-07.jpg'),
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect(await socket.outcome(id)).toBe('done');
    const done = socket.of('generation:done', id)[0]!;
    const swapped = done.meme;
    expect(swapped).toMatchObject({
      kind: 'animation',
      text: 'Second face',
      templateId: template.id,
      width: template.width,
      height: template.height,
      frameCount: template.frameCount,
      durationMs: template.durationMs,
    });
    expect(swapped.videoUrl).toMatch(/\.mp4$/);
    // ANIMATION_GENERATION_COST (2) credits, as from an animated template.
    expect((await me(t.server, player)).generationLimit).toBe(credits - 2);
    const progress = socket.of('generation:progress', id).filter((p) => p.stage === 'swap');
    expect(progress.length).toBeGreaterThanOrEqual(2);

    const file = await saveFile('swapped.mp4', swapped.videoUrl!);
    const video = await readFile(file);
    expect(video.includes(AI_DIGITAL_SOURCE_TYPE)).toBe(true);
    expect(await probeVideo(file)).toMatchObject({ codec: 'h264', frames: template.frameCount });
    // The new face is in the meme's frames (not its poster's still): the face differs on the first and
    // last frames from the meme it was made from.
    const source = await saveFile('source.mp4', meme.videoUrl!);
    const face = template.faces[0]!;
    const top = Math.max(0, face.y);
    const [was0, now0] = await Promise.all([clips.clipFrame(source, 0), clips.clipFrame(file, 0)]);
    expect(bandDifference(was0, now0, template.width, top, top + face.height)).toBeGreaterThan(1);
    const last = template.frameCount! - 1;
    const [wasLast, nowLast] = await Promise.all([
      clips.clipFrame(source, last),
      clips.clipFrame(file, last),
    ]);
    expect(bandDifference(wasLast, nowLast, template.width, 0, template.height)).toBeGreaterThan(0.3);
  });
});
