import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { packagedBinary } from '@mememint/media';

const INFERENCE_DIR = fileURLToPath(new URL('../../../inference/', import.meta.url));

export interface ClipRequest {
  name: 'pan' | 'zoom' | 'roll' | 'crossing' | 'leave-return';
  format: 'mp4' | 'gif';
  width?: number;
  height?: number;
  fps?: number;
  seconds?: number;
}

/**
 * Makes a test clip with the inference workspace's script (`npm run clips -w inference`: real faces
 * from the labelled photos, moving) into `folder`; answers its path.
 */
export async function makeClip(folder: string, clip: ClipRequest): Promise<string> {
  const args = ['--import', 'tsx', 'tools/make-test-clips.ts', '--out', folder, '--only', clip.name];
  args.push('--format', clip.format, '--width', String(clip.width ?? 320));
  if (clip.height) args.push('--height', String(clip.height));
  args.push('--fps', String(clip.fps ?? 12), '--seconds', String(clip.seconds ?? 1));
  const child = spawn(process.execPath, args, { cwd: INFERENCE_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) throw new Error(`make-test-clips exited ${code}:\n${output}`);
  return output.trim().split('\n').at(-1)!;
}

/** One frame of a clip as raw RGB (ffmpeg from its npm package, as the worker uses it). */
export async function clipFrame(file: string, index: number): Promise<Buffer> {
  const ffmpeg = await packagedBinary(
    createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/ffmpeg'),
  );
  const args = ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-frames:v', '1'];
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  return new Promise((resolve, reject) =>
    execFile(ffmpeg, args, { encoding: 'buffer', maxBuffer: 64 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
}
