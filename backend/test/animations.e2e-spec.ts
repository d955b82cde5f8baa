import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AI_DIGITAL_SOURCE_TYPE, type MemeDto, type TemplateDto } from '@mememint/contracts';
import { probeVideo } from '@mememint/media';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { clipFrame, makeClip } from './helpers/clips.js';
import { type AnimationSetup, startAnimationSetup, uploadTemplate } from './helpers/animation-setup.js';
import { bearer, download, me, newPlayer, photo, type Player, requestGeneration } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Clips are analysed and swapped frame by frame by a real worker on a shared two-core machine.
jest.setTimeout(300_000);

/** Mean absolute difference of two RGB frames over a rectangle. */
function meanDifference(
  a: Buffer,
  b: Buffer,
  width: number,
  rect: { x: number; y: number; width: number; height: number },
): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.max(0, rect.y); y < rect.y + rect.height; y++)
    for (let x = Math.max(0, rect.x); x < Math.min(width, rect.x + rect.width); x++)
      for (let c = 0; c < 3; c++) {
        const o = (y * width + x) * 3 + c;
        if (o < a.length) {
          sum += Math.abs(a[o]! - b[o]!);
          count++;
        }
      }
  return count ? sum / count : 0;
}

describe('animated templates and memes through a real inference worker', () => {
  let t: TestApp;
  let setup: AnimationSetup;
  let admin: Player;
  let folder: string;
  const sockets: SocketRecorder[] = [];
  const adminTgId = newTgId();
  const templates: Record<'gif' | 'mp4', TemplateDto | undefined> = { gif: undefined, mp4: undefined };

  const connect = async (player: Player) => {
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);
    return socket;
  };
  const upload = (bytes: Buffer, name: string, as: Player = admin) =>
    uploadTemplate(t.server, as, bytes, name);

  /** Uploads a clip and waits for its analysis: answered at once as pending, enabled when faces are found. */
  async function uploadAnimation(file: string): Promise<TemplateDto> {
    const res = await upload(await readFile(file), path.basename(file)).expect(201);
    const pending = res.body as TemplateDto;
    expect(pending).toMatchObject({ kind: 'animation', analysis: 'pending', faces: [] });
    const analysed = await setup.adminSocket.until(
      'template:analysed',
      (event) => event.templateId === pending.id,
    );
    expect(analysed).toMatchObject({ analysis: 'ready', enabled: true });
    const listed = await request(t.server)
      .get(`/api/v1/admin/templates/${pending.id}/`)
      .set(bearer(admin))
      .expect(200);
    return listed.body as TemplateDto;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    await t.app.listen(0, '127.0.0.1');
    setup = await startAnimationSetup(t, adminTgId);
    ({ admin, folder } = setup);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await setup?.close();
    await t?.close();
  });

  it('takes an animated GIF: pending at once, then analysed into a face track and enabled', async () => {
    const gif = await makeClip(folder, { name: 'pan', format: 'gif', fps: 10, seconds: 1.2 });
    const template = await uploadAnimation(gif);
    expect(template).toMatchObject({
      kind: 'animation',
      analysis: 'ready',
      frameCount: 12,
      durationMs: 1200,
    });
    expect(template.videoUrl).toMatch(/\.mp4$/);
    expect(template.faces).toHaveLength(1);
    expect(template.faces[0]).toMatchObject({ frameIndex: 0, width: expect.any(Number) });
    const video = await download(t.server, template.videoUrl!);
    expect(video.headers['content-type']).toBe('video/mp4');
    const file = path.join(folder, 'template-gif.mp4');
    await writeFile(file, video.body);
    expect(await probeVideo(file)).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: template.width,
      height: template.height,
      frames: 12,
      hasAudio: false,
    });
    // Safari plays only what is served in ranges.
    const range = await request(t.server).get(template.videoUrl!).set('Range', 'bytes=0-99').expect(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${video.body.length}`);
    templates.gif = template;
  });

  it('takes an MP4 with two faces crossing: two tracks, one surviving the other passing in front', async () => {
    const mp4 = await makeClip(folder, { name: 'crossing', format: 'mp4', fps: 12, seconds: 1.5 });
    const template = await uploadAnimation(mp4);
    expect(template).toMatchObject({ kind: 'animation', frameCount: 18, durationMs: 1500 });
    expect(template.faces).toHaveLength(2);
    templates.mp4 = template;
  });

  it.each(['gif', 'mp4'] as const)(
    'makes a meme of the %s: an MP4 of the template’s frames, size and length, the face swapped in, AI-labelled',
    async (kind) => {
      const template = templates[kind]!;
      const player = await newPlayer(t.server, t.config);
      const socket = await connect(player);
      const before = await me(t.server, player);
      const res = await requestGeneration(
        t.server,
        player,
        { templateId: template.id },
        photo('portrait-04.jpg'),
      );
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      const done = await socket.until('generation:done', (event) => event.id === id);
      const meme: MemeDto = done.meme;
      expect(meme).toMatchObject({
        kind: 'animation',
        templateId: template.id,
        width: template.width,
        height: template.height,
        frameCount: template.frameCount,
        durationMs: template.durationMs,
      });
      // ANIMATION_GENERATION_COST (2) credits.
      expect((await me(t.server, player)).generationLimit).toBe(before.generationLimit - 2);
      const swapProgress = socket.of('generation:progress', id).filter((p) => p.stage === 'swap');
      expect(swapProgress.length).toBeGreaterThanOrEqual(3);
      const percents = swapProgress.map((p) => p.progress);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));

      const video = await download(t.server, meme.videoUrl!);
      const file = path.join(folder, `meme-${kind}.mp4`);
      await writeFile(file, video.body);
      const probe = await probeVideo(file);
      expect(probe).toMatchObject({
        codec: 'h264',
        pixelFormat: 'yuv420p',
        width: template.width,
        height: template.height,
        frames: template.frameCount,
        hasAudio: false,
      });
      expect(Math.abs(probe.duration * 1000 - template.durationMs!)).toBeLessThanOrEqual(100);
      // Faststart (the index before the data) and the AI label as XMP in a uuid box.
      expect(video.body.indexOf('moov')).toBeLessThan(video.body.indexOf('mdat'));
      expect(video.body.includes(AI_DIGITAL_SOURCE_TYPE)).toBe(true);
      expect(video.body.includes('uuid')).toBe(true);

      // The face changed on the poster frame; the frame's middle band beside the face did not.
      const templateFile = path.join(folder, `template-${kind}.source.mp4`);
      await writeFile(templateFile, (await download(t.server, template.videoUrl!)).body);
      const [before0, after0] = await Promise.all([clipFrame(templateFile, 0), clipFrame(file, 0)]);
      const face = template.faces[0]!;
      expect(meanDifference(before0, after0, template.width, face)).toBeGreaterThan(8);
      const captionFree = { y: Math.round(template.height * 0.3), height: Math.round(template.height * 0.4) };
      const beside =
        face.x > template.width - face.x - face.width
          ? { x: 0, width: Math.max(1, face.x - 8), ...captionFree }
          : { x: face.x + face.width + 8, width: template.width, ...captionFree };
      expect(meanDifference(before0, after0, template.width, beside)).toBeLessThan(6);
    },
  );

  it('refuses an animation to a player without its credits (the free generation covers stills only)', async () => {
    const player = await newPlayer(t.server, t.config);
    const credits = (await me(t.server, player)).generationLimit;
    // Spend down to one credit with stills' cost left aside: ask for more animations than credits allow.
    await t.app.get(LedgerService).spendCredits(player.tgId, credits - 1, {
      reason: 'generation',
      idempotencyKey: `test-spend:${player.tgId}`,
    });
    const res = await requestGeneration(
      t.server,
      player,
      { templateId: templates.gif!.id },
      photo('portrait-04.jpg'),
    );
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ detail: 'Payment required' });
  });

  it('refuses a clip longer than ANIMATION_MAX_SECONDS or wider than 4096 px, and a player’s upload', async () => {
    const long = await makeClip(folder, { name: 'pan', format: 'mp4', width: 64, fps: 4, seconds: 7 });
    const tooLong = await upload(await readFile(long), 'long.mp4').expect(400);
    expect(tooLong.body).toMatchObject({ code: 'ANIMATION_TOO_LONG', detail: expect.any(String) });
    const wide = await makeClip(folder, {
      name: 'pan',
      format: 'gif',
      width: 4100,
      height: 8,
      fps: 2,
      seconds: 1,
    });
    const tooLarge = await upload(await readFile(wide), 'wide.gif').expect(400);
    expect(tooLarge.body).toMatchObject({ code: 'ANIMATION_TOO_LARGE', detail: expect.any(String) });
    const player = await newPlayer(t.server, t.config);
    await upload(await readFile(long), 'long.mp4', player).expect(403);
    const garbage = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 7)]);
    const unreadable = await upload(garbage, 'broken.gif').expect(400);
    expect(unreadable.body).toMatchObject({ code: 'ANIMATION_UNREADABLE' });
  });
});
