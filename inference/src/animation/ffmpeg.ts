import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

import { ANIMATION_MAX_FPS, ANIMATION_MAX_SIDE } from '@mememint/contracts';
import { packagedBinary } from '@mememint/media';

import type { RgbImage } from '../types.js';

let ffmpeg: Promise<string> | undefined;

/** ffmpeg from `@ffmpeg-installer/linux-x64` (a static build with libx264 and libvpx-vp9 inside the package). */
export function ffmpegPath(): Promise<string> {
  ffmpeg ??= packagedBinary(createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/ffmpeg'));
  return ffmpeg;
}

/** Runs ffmpeg to the end; rejects with its last lines of error output. */
export async function runFfmpeg(args: string[]): Promise<void> {
  const child = spawn(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${errors}`)),
    );
  });
}

/** H.264 that every browser and Telegram plays inline: yuv420p, the index first (faststart), no audio. */
export const MP4_OUTPUT_ARGS = [
  '-an',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
];

/**
 * The filter that brings an uploaded clip to what the game keeps: at most ANIMATION_MAX_FPS, at most
 * ANIMATION_MAX_SIDE on its longest side, even sides (yuv420p), square pixels.
 */
export function normalizeFilter(fps: number): string {
  const side = ANIMATION_MAX_SIDE;
  const rate = Math.min(ANIMATION_MAX_FPS, Math.max(1, Math.round(fps)));
  return [
    `fps=${rate}`,
    `scale='if(gt(iw,ih),min(${side},iw),-2)':'if(gt(iw,ih),-2,min(${side},ih))':flags=bicubic`,
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    'setsar=1',
  ].join(',');
}

/** Transcodes an upload (GIF, MP4, WEBM) into the kept MP4. */
export function transcodeToMp4(input: string, output: string, fps: number): Promise<void> {
  return runFfmpeg(['-i', input, '-vf', normalizeFilter(fps), ...MP4_OUTPUT_ARGS, output]);
}

/**
 * Decodes a clip's frames one after another as RGB (`width`×`height`, known from its probe), handing each
 * to `onFrame` before the next is read: memory holds a frame or two, never the clip.
 */
export async function readFrames(
  input: string,
  width: number,
  height: number,
  onFrame: (frame: RgbImage, index: number) => Promise<void> | void,
): Promise<number> {
  const child = spawn(
    await ffmpegPath(),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-i',
      input,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const size = width * height * 3;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= size) {
      const data = new Uint8Array(size);
      data.set(pending.subarray(0, size));
      pending = pending.subarray(size);
      await onFrame({ data, width, height }, index++);
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg could not decode the clip (${code}): ${errors}`);
  return index;
}

/** Frames written one by one into ffmpeg's stdin, encoded as they come. */
export interface FrameEncoder {
  write(frame: RgbImage): Promise<void>;
  /** Ends the input and waits for the file. */
  finish(): Promise<void>;
}

/** Encodes RGB frames of one size at `fps` with the given output arguments into `output`. */
export async function encodeFrames(
  output: string,
  width: number,
  height: number,
  fps: number,
  outputArgs: string[] = MP4_OUTPUT_ARGS,
): Promise<FrameEncoder> {
  const child = spawn(
    await ffmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
      ...['-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0', ...outputArgs, output],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  // A write after ffmpeg died is reported by `finish`, with ffmpeg's own words.
  child.stdin.on('error', () => undefined);
  return {
    write: (frame) =>
      new Promise<void>((resolve) => {
        if (child.stdin.write(frame.data)) resolve();
        else {
          const done = () => {
            child.stdin.off('drain', done).off('close', done);
            resolve();
          };
          child.stdin.on('drain', done).on('close', done);
        }
      }),
    async finish() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`ffmpeg could not encode (${code}): ${errors}`);
    },
  };
}
