import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AI_DIGITAL_SOURCE_TYPE, type MemeDto, type StickerPackDto } from '@mememint/contracts';
import { packagedBinary, probeVideo } from '@mememint/media';
import request from 'supertest';

import { MediaKeys } from '../src/media/media-keys.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import {
  type AnimationSetup,
  generateMeme,
  startAnimationSetup,
  uploadTestClip,
} from './helpers/animation-setup.js';
import { bearer, newPlayer, photo, type Player, uploadMeme } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';

// A clip is analysed, swapped and made into stickers by a real worker on a shared two-core machine.
jest.setTimeout(600_000);

/** The alpha plane of a WEBM's first frame (libvpx-vp9 decodes VP9's alpha; ffmpeg's own decoder drops it). */
async function firstFrameAlpha(file: string, width: number, height: number): Promise<Buffer> {
  const ffmpeg = await packagedBinary(
    createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/ffmpeg'),
  );
  const args = ['-v', 'error', '-c:v', 'libvpx-vp9', '-i', file, '-frames:v', '1'];
  const rgba = await new Promise<Buffer>((resolve, reject) =>
    execFile(
      ffmpeg,
      [...args, '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 1 << 24 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
  expect(rgba.length).toBe(width * height * 4);
  return Buffer.from(Array.from({ length: width * height }, (_, p) => rgba[p * 4 + 3]!));
}

/**
 * Video stickers (issue 24): an animated meme in a pack becomes a WEBM video sticker the fake Bot API
 * checks as Telegram does (it probes the file); a pack mixes them with static ones.
 */
describe('video stickers from animated memes', () => {
  let t: TelegramTestApp;
  let setup: AnimationSetup;
  let folder: string;
  let player: Player;
  let animated: MemeDto;
  let still: MemeDto;
  const adminTgId = newTgId();

  beforeAll(async () => {
    t = await createTelegramTestApp({
      env: { TELEGRAM_API_MAX_ATTEMPTS: '1', ADMIN_TG_IDS: String(adminTgId) },
    });
    setup = await startAnimationSetup(t, adminTgId);
    folder = setup.folder;
    // 4 s at 10 fps: longer than a video sticker may be, so its sticker is trimmed to 3 s.
    const template = await uploadTestClip(t, setup, { name: 'pan', format: 'gif', fps: 10, seconds: 4 });

    player = await newPlayer(t.server, t.config);
    const socket = await SocketRecorder.connect(t.server, player.token);
    animated = await generateMeme(t, player, socket, template.id);
    socket.close();
    expect(animated.kind).toBe('animation');
    still = await uploadMeme(t.server, player, photo('portrait-05.jpg'), 'still');
  });
  afterAll(async () => {
    await setup?.close();
    await t?.close();
  });

  const create = (body: object) => request(t.server).post('/api/v1/stickers/').set(bearer(player)).send(body);

  /** The file Telegram holds for a sticker, probed: within every video sticker limit. */
  async function videoStickerFile(fileId: string, name: string) {
    const data = t.telegram.stickerFile(fileId)!;
    expect(data.length).toBeLessThanOrEqual(256 * 1024);
    const file = path.join(folder, `${name}.webm`);
    await writeFile(file, data);
    const probe = await probeVideo(file);
    expect(probe).toMatchObject({ codec: 'vp9', hasAudio: false });
    expect(probe.format).toContain('webm');
    expect(Math.max(probe.width, probe.height)).toBe(512);
    expect(Math.min(probe.width, probe.height)).toBeLessThanOrEqual(512);
    expect(probe.duration).toBeLessThanOrEqual(3);
    expect(probe.fps).toBeLessThanOrEqual(30);
    // The AI label as WEBM tags (WEBM has no XMP).
    expect(data.includes(AI_DIGITAL_SOURCE_TYPE)).toBe(true);
    return { file, probe };
  }

  it('keeps the swapped tracks beside the animated result', async () => {
    const [{ generation_id: generationId }] = (await t.dataSource.query(
      'SELECT generation_id FROM memes WHERE id = $1',
      [animated.id],
    )) as { generation_id: string }[];
    const tracks = JSON.parse(
      await readFile(path.join(t.config.media.dir, MediaKeys.generation(generationId).tracks), 'utf8'),
    ) as { tracks: { meshes: (string | null)[] }[]; frameCount: number };
    expect(tracks.tracks).toHaveLength(1);
    expect(tracks.tracks[0]!.meshes).toHaveLength(tracks.frameCount);
  });

  it('screens the animated result for NSFW (its poster and a frame a second): scores kept, not held', async () => {
    const [row] = (await t.dataSource.query('SELECT nsfw_scores, review_since FROM memes WHERE id = $1', [
      animated.id,
    ])) as { nsfw_scores: Record<string, number> | null; review_since: Date | null }[];
    expect(row!.nsfw_scores).toEqual(
      expect.objectContaining({
        porn: expect.any(Number),
        sexy: expect.any(Number),
        neutral: expect.any(Number),
      }),
    );
    expect(row!.review_since).toBeNull();
  });

  it('makes a pack mixing a static and a video sticker, sent with format "video", trimmed to 3 s', async () => {
    const pack = (await create({ title: 'Moving', memeIds: [still.id, animated.id] }).expect(201))
      .body as StickerPackDto;
    expect(pack.stickers.map((sticker) => sticker.memeId)).toEqual([still.id, animated.id]);
    const [call] = t.telegram
      .recordedCalls('createNewStickerSet')
      .filter((recorded) => recorded.params.name === pack.name);
    const sent = call!.params.stickers as { format: string }[];
    expect(sent.map((sticker) => sticker.format)).toEqual(['static', 'video']);
    const { probe } = await videoStickerFile(pack.stickers[1]!.fileId, 'full');
    // The 4 s clip at 10 fps, trimmed: 30 frames.
    expect(probe.frames).toBe(30);
    expect(probe.width).toBe(512);
    // The worker's WEBMs were read once and removed.
    const left = await readdir(path.join(t.config.media.dir, 'generations'));
    expect(left.filter((name) => name.includes('.sticker-'))).toEqual([]);
  });

  it('makes a "face" video sticker: the face cut out of every frame on transparency (VP9 with alpha)', async () => {
    const pack = (await create({ title: 'Face', memeIds: [animated.id], style: 'face' }).expect(201))
      .body as StickerPackDto;
    const { file, probe } = await videoStickerFile(pack.stickers[0]!.fileId, 'face');
    const alpha = await firstFrameAlpha(file, probe.width, probe.height);
    expect(alpha[0]).toBeLessThan(16);
    expect(alpha[Math.floor(probe.height / 2) * probe.width + Math.floor(probe.width / 2)]).toBeGreaterThan(
      240,
    );
  });

  it('adds a video sticker to an existing pack, and refuses a meme held for review (409 IN_REVIEW)', async () => {
    const pack = (await create({ title: 'Grows', memeIds: [still.id] }).expect(201)).body as StickerPackDto;
    const grown = (
      await request(t.server)
        .patch(`/api/v1/stickers/${pack.id}/`)
        .set(bearer(player))
        .send({ add: [animated.id] })
        .expect(200)
    ).body as StickerPackDto;
    expect(grown.stickers.map((sticker) => sticker.memeId)).toEqual([still.id, animated.id]);
    await videoStickerFile(grown.stickers[1]!.fileId, 'added');

    await t.dataSource.query('UPDATE memes SET review_since = now() WHERE id = $1', [animated.id]);
    const held = await create({ title: 'Held', memeIds: [animated.id] }).expect(409);
    expect(held.body).toMatchObject({ code: 'IN_REVIEW' });
    await t.dataSource.query('UPDATE memes SET review_since = NULL WHERE id = $1', [animated.id]);
  });
});
