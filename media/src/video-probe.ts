import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * A binary shipped inside an npm package (`@ffprobe-installer/linux-x64`'s `ffprobe`), made runnable:
 * its tarball may carry it without the execute bit and its postinstall may not have run (npm's
 * allowScripts) or have set it for root only; then it is made executable in place, or, in a read-only
 * image, copied once into the temporary folder and made executable there.
 */
export async function packagedBinary(file: string): Promise<string> {
  if (
    await access(file, constants.X_OK).then(
      () => true,
      () => false,
    )
  )
    return file;
  try {
    await chmod(file, 0o755);
    return file;
  } catch {
    const folder = path.join(os.tmpdir(), 'mememint-bin');
    await mkdir(folder, { recursive: true });
    const copy = path.join(folder, path.basename(file));
    await copyFile(file, copy);
    await chmod(copy, 0o755);
    return copy;
  }
}

let ffprobe: Promise<string> | undefined;

/** ffprobe from `@ffprobe-installer/linux-x64` (the binary ships in the package: nothing is downloaded). */
export function ffprobePath(): Promise<string> {
  ffprobe ??= packagedBinary(createRequire(import.meta.url).resolve('@ffprobe-installer/linux-x64/ffprobe'));
  return ffprobe;
}

/** What ffprobe tells of a clip's first video stream, before anything decodes its frames. */
export interface VideoProbe {
  /** The container as ffprobe names it (`gif`, `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`). */
  format: string;
  /** The video stream's codec (`gif`, `h264`, `vp8`, `vp9`, …) and pixel format (`yuv420p`, …). */
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  /** Seconds; 0 when the container does not say. */
  duration: number;
  /** Frames (packets of the video stream, counted without decoding). */
  frames: number;
  /** Frames per second (average). */
  fps: number;
  hasAudio: boolean;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    duration?: string;
    nb_read_packets?: string;
    avg_frame_rate?: string;
  }[];
}

function rate(text: string | undefined): number {
  const [num, den] = (text ?? '0/1').split('/').map(Number);
  return den ? num! / den : 0;
}

/** Thrown for a file ffprobe cannot read as a clip with a video stream. */
export class UnreadableVideoError extends Error {}

/**
 * Probes a clip's container and first video stream (header and packets only: no frame is decoded).
 * Killed after `timeoutMs`.
 */
export async function probeVideo(file: string, timeoutMs = 10_000): Promise<VideoProbe> {
  const binary = await ffprobePath();
  const args = [
    '-v',
    'error',
    '-count_packets',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ];
  const json = await new Promise<ProbeJson>((resolve, reject) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return reject(new UnreadableVideoError(error.message));
      try {
        resolve(JSON.parse(stdout) as ProbeJson);
      } catch (parseError) {
        reject(new UnreadableVideoError(String(parseError)));
      }
    });
  });
  const video = json.streams?.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height) throw new UnreadableVideoError('no video stream');
  const duration = Number(video.duration ?? json.format?.duration ?? 0) || 0;
  const frames = Number(video.nb_read_packets ?? 0) || 0;
  const fps = rate(video.avg_frame_rate) || (duration > 0 ? frames / duration : 0);
  return {
    format: json.format?.format_name ?? '',
    codec: video.codec_name ?? '',
    pixelFormat: video.pix_fmt ?? '',
    width: video.width,
    height: video.height,
    duration,
    frames,
    fps,
    hasAudio: json.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}
