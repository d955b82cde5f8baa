/** A meme upload (`POST /api/v1/memes/`) as a phone sends it, for the benches that measure uploads. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The noisy photo's size: 36 MP, the worst case a phone camera sends (the codec's too). */
export const NOISY_PHOTO = { width: 7360, height: 4912 };

/**
 * The noisy 36 MP JPEG (~30 MB) the upload benches send, made once by the uploads bench (`--make`) in
 * a process of its own, so that making it does not count in any measured process.
 */
export function noisyPhoto(): Buffer {
  const file = path.join(os.tmpdir(), `mememint-bench-noise-${NOISY_PHOTO.width}x${NOISY_PHOTO.height}.jpg`);
  if (!existsSync(file)) {
    const maker = fileURLToPath(new URL('../uploads.bench.ts', import.meta.url));
    const made = spawnSync(process.execPath, [...process.execArgv, maker, '--make', file], {
      stdio: 'inherit',
    });
    if (made.status !== 0) throw new Error('making the photo failed');
  }
  return readFileSync(file);
}

/** A process's memory figure from /proc (VmHWM: its peak resident set; VmRSS: now), in MB. */
export function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

const BOUNDARY = 'mememint-bench-boundary';

/** The multipart body of an upload of `image` as the `image` field. */
export function multipartBody(image: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export interface UploadAnswer {
  /** 0 when the connection failed. */
  status: number;
  ms: number;
}

/**
 * One upload on a connection of its own (as parallel phones would): the body at once, or `chunk`
 * bytes every `everyMs` (a slow phone).
 */
export function postUpload(
  port: number,
  token: string,
  body: Buffer,
  pace: { chunk: number; everyMs: number } | null = null,
): Promise<UploadAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/memes/',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
    if (!pace) {
      req.end(body);
      return;
    }
    let sent = 0;
    const next = () => {
      if (req.destroyed) return;
      const piece = body.subarray(sent, sent + pace.chunk);
      sent += piece.length;
      if (sent >= body.length) req.end(piece);
      else req.write(piece, () => setTimeout(next, pace.everyMs));
    };
    next();
  });
}
