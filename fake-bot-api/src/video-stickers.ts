import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { badRequest, type UploadedFile } from './params.js';

/** Telegram's limits for video stickers (core.telegram.org/stickers#video-stickers). */
export const VIDEO_STICKER_LIMITS = {
  side: 512,
  maxBytes: 256 * 1024,
  maxSeconds: 3,
  maxFps: 30,
} as const;

export interface CheckedVideoSticker {
  data: Buffer;
  format: 'webm';
  width: number;
  height: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
}

let ffprobe: Promise<string> | undefined;

/** ffprobe from its npm package, given the execute bit its tarball may lack (npm runs no install script of it). */
function ffprobeBinary(): Promise<string> {
  ffprobe ??= (async () => {
    const file = createRequire(import.meta.url).resolve('@ffprobe-installer/linux-x64/ffprobe');
    const runnable = await access(file, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!runnable) await chmod(file, 0o755);
    return file;
  })();
  return ffprobe;
}

async function probe(
  data: Buffer,
): Promise<{ format?: { format_name?: string; duration?: string }; streams?: ProbeStream[] } | null> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'fake-bot-api-sticker-'));
  try {
    const file = path.join(folder, 'sticker.webm');
    await writeFile(file, data);
    const binary = await ffprobeBinary();
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
    return await new Promise((resolve) =>
      execFile(binary, args, { timeout: 10_000 }, (error, stdout) => {
        try {
          resolve(error ? null : JSON.parse(stdout));
        } catch {
          resolve(null);
        }
      }),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function frameRate(text: string | undefined): number {
  const [num, den] = (text ?? '0/1').split('/').map(Number);
  return den ? num! / den : 0;
}

/**
 * A video sticker file checked as Telegram checks it (ffprobe reads it): a WEBM of VP9, no audio
 * stream, at most 3 s and 30 fps, one side exactly 512 px and the other at most 512, at most 256 KB.
 * Anything else is refused with the Bot API's 400.
 */
export async function checkVideoSticker(file: UploadedFile): Promise<CheckedVideoSticker> {
  if (file.data.length > VIDEO_STICKER_LIMITS.maxBytes) throw badRequest('STICKER_VIDEO_BIG');
  const probed = await probe(file.data);
  const video = probed?.streams?.find((stream) => stream.codec_type === 'video');
  if (!probed || !video || !probed.format?.format_name?.split(',').includes('webm'))
    throw badRequest('STICKER_VIDEO_NOWEBM');
  if (video.codec_name !== 'vp9') throw badRequest('STICKER_VIDEO_NOWEBM');
  if (probed.streams!.some((stream) => stream.codec_type === 'audio'))
    throw badRequest('STICKER_FILE_INVALID: video stickers must have no audio stream');
  const duration = Number(probed.format.duration ?? NaN);
  if (!Number.isFinite(duration) || duration > VIDEO_STICKER_LIMITS.maxSeconds)
    throw badRequest('STICKER_VIDEO_LONG');
  const fps = frameRate(video.avg_frame_rate) || frameRate(video.r_frame_rate);
  if (fps > VIDEO_STICKER_LIMITS.maxFps)
    throw badRequest('STICKER_FILE_INVALID: video stickers must be at most 30 FPS');
  const { width = 0, height = 0 } = video;
  const side = VIDEO_STICKER_LIMITS.side;
  if (width > side || height > side || (width !== side && height !== side))
    throw badRequest('STICKER_VIDEO_NODIMENSIONS');
  return { data: file.data, format: 'webm', width, height };
}
