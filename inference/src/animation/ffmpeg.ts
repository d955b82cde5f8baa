import { type ChildProcess, spawn } from 'node:child_process';
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

/** A running ffmpeg: `done` resolves when it exits 0, else rejects with its last lines of error output. */
async function startFfmpeg(
  args: string[],
  stdio: ['ignore' | 'pipe', 'ignore' | 'pipe', 'pipe'],
  what: string,
): Promise<{ child: ChildProcess; done: Promise<void> }> {
  const child = spawn(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args], { stdio });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg could not ${what} (${code}): ${errors}`)),
    );
  });
  // Awaited by the caller at its end; a rejection before then is not unhandled.
  done.catch(() => undefined);
  return { child, done };
}

/** Runs ffmpeg to the end; rejects with its last lines of error output. */
export async function runFfmpeg(args: string[]): Promise<void> {
  await (
    await startFfmpeg(['-nostdin', '-y', ...args], ['ignore', 'ignore', 'pipe'], 'run')
  ).done;
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
  const { child, done } = await startFfmpeg(
    ['-nostdin', '-i', input, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ['ignore', 'pipe', 'pipe'],
    'decode the clip',
  );
  const size = width * height * 3;
  // Each frame is filled straight from the pipe's chunks (no growing concatenation of them).
  let data = new Uint8Array(size);
  let filled = 0;
  let index = 0;
  for await (const chunk of child.stdout! as AsyncIterable<Buffer>) {
    for (let at = 0; at < chunk.length;) {
      const taken = Math.min(size - filled, chunk.length - at);
      data.set(chunk.subarray(at, at + taken), filled);
      filled += taken;
      at += taken;
      if (filled < size) continue;
      await onFrame({ data, width, height }, index++);
      data = new Uint8Array(size);
      filled = 0;
    }
  }
  await done;
  return index;
}

/** Frames written one by one into ffmpeg's stdin, encoded as they come. */
export interface FrameEncoder {
  write(frame: RgbImage): Promise<void>;
  /** Ends the input and waits for the file. */
  finish(): Promise<void>;
}

/**
 * Encodes frames of one size at `fps` with the given output arguments into `output`: RGB, or RGBA with
 * `inputFormat` "rgba" (frames then hold 4 bytes a pixel).
 */
export async function encodeFrames(
  output: string,
  width: number,
  height: number,
  fps: number,
  outputArgs: string[] = MP4_OUTPUT_ARGS,
  inputFormat: 'rgb24' | 'rgba' = 'rgb24',
): Promise<FrameEncoder> {
  const { child, done } = await startFfmpeg(
    [
      ...['-y', '-f', 'rawvideo', '-pix_fmt', inputFormat, '-s', `${width}x${height}`, '-r', String(fps)],
      ...['-i', 'pipe:0', ...outputArgs, output],
    ],
    ['pipe', 'ignore', 'pipe'],
    'encode',
  );
  const stdin = child.stdin!;
  // A write after ffmpeg died is reported by `finish`, with ffmpeg's own words.
  stdin.on('error', () => undefined);
  return {
    write: (frame) =>
      new Promise<void>((resolve) => {
        if (stdin.write(frame.data)) resolve();
        else {
          const drained = () => {
            stdin.off('drain', drained).off('close', drained);
            resolve();
          };
          stdin.on('drain', drained).on('close', drained);
        }
      }),
    async finish() {
      stdin.end();
      await done;
    },
  };
}
