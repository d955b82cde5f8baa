/**
 * Video stickers from real clips (the test clips' moving labelled faces): within Telegram's limits as
 * ffprobe reads them, and the "face" style transparent outside the swapped face.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { VIDEO_STICKER_MAX_BYTES } from '@mememint/contracts';
import { probeVideo } from '@mememint/media';

import { writeTestClip } from '../../test/test-clips.js';
import { analyseAnimation } from '../animation/animation-analysis.js';
import { ffmpegPath } from '../animation/ffmpeg.js';
import { loadInferenceConfig } from '../config.js';
import { stickerSize, videoSticker } from './video-sticker.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

/** The alpha plane of a WEBM's first frame, decoded with libvpx-vp9 (ffmpeg's own vp9 drops alpha). */
async function firstFrameAlpha(file: string, width: number, height: number): Promise<Buffer> {
  const child = spawn(
    await ffmpegPath(),
    [
      '-v',
      'error',
      '-c:v',
      'libvpx-vp9',
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(child, 'close');
  const rgba = Buffer.concat(chunks);
  assert.equal(rgba.length, width * height * 4);
  return Buffer.from(Array.from({ length: width * height }, (_, p) => rgba[p * 4 + 3]!));
}

describe('video stickers', { concurrency: 1 }, () => {
  let folder: string;
  let clip: Buffer;

  before(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mememint-video-sticker-'));
    // 4 s at 25 fps: longer than a sticker may be, so it is trimmed.
    clip = await readFile(await writeTestClip('pan', folder, 'mp4', { width: 360, fps: 25, seconds: 4 }));
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it('sizes the longer side to exactly 512 and the other even, at most 512', () => {
    assert.deepEqual(stickerSize(720, 405), { width: 512, height: 288 });
    assert.deepEqual(stickerSize(300, 600), { width: 256, height: 512 });
    assert.deepEqual(stickerSize(100, 100), { width: 512, height: 512 });
  });

  it('makes a full sticker within Telegram’s limits: WEBM VP9, 512 px, 3 s, ≤30 fps, ≤256 KB, silent', async (t) => {
    const sticker = await videoSticker(clip, 'full', null, config);
    const file = path.join(folder, 'full.webm');
    await writeFile(file, sticker.webm);
    const probe = await probeVideo(file);
    t.diagnostic(
      `${sticker.webm.length} bytes at ${sticker.kbps} kbit/s, ${JSON.stringify(sticker.timings)}`,
    );
    assert.equal(probe.codec, 'vp9');
    assert.match(probe.format, /webm/);
    assert.deepEqual([probe.width, probe.height], [512, 342]);
    assert.equal(sticker.frameCount, 75);
    assert.ok(probe.duration <= 3, `duration ${probe.duration}`);
    assert.ok(probe.fps <= 30);
    assert.equal(probe.hasAudio, false);
    assert.ok(sticker.webm.length <= VIDEO_STICKER_MAX_BYTES);
    assert.ok(sticker.nsfw, 'its frames were screened');
  });

  it('cuts the face out of every frame on transparency (VP9 with alpha)', async () => {
    const analysed = await analyseAnimation(clip, config);
    assert.ok(analysed.record.tracks.length >= 1);
    const tracks = { ...analysed.record, tracks: analysed.record.tracks.slice(0, 1) };
    const sticker = await videoSticker(analysed.video, 'face', tracks, config);
    const file = path.join(folder, 'face.webm');
    await writeFile(file, sticker.webm);
    const probe = await probeVideo(file);
    assert.equal(probe.codec, 'vp9');
    assert.equal(Math.max(probe.width, probe.height), 512);
    assert.ok(probe.duration <= 3 && sticker.webm.length <= VIDEO_STICKER_MAX_BYTES);
    const alpha = await firstFrameAlpha(file, probe.width, probe.height);
    const clear = alpha.filter((a) => a < 16).length / alpha.length;
    const solid = alpha.filter((a) => a > 240).length / alpha.length;
    // The corners are outside the face's oval; its middle is inside.
    assert.ok(clear > 0.1 && solid > 0.3, `clear ${clear.toFixed(2)}, solid ${solid.toFixed(2)}`);
    assert.ok(alpha[Math.floor(probe.height / 2) * probe.width + Math.floor(probe.width / 2)]! > 240);
    assert.ok(alpha[0]! < 16);
  });
});
