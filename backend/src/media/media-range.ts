import type { Readable } from 'node:stream';

import type { Response } from 'express';

/** A `Range: bytes=a-b` header as [start, end] within `size` (inclusive), or null when absent or unsatisfiable. */
export function parseByteRange(header: string | undefined, size: number): [number, number] | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // `bytes=-n`: the last n bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? [start, end] : null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Answers a byte range of a video (Safari plays `<video>` only from a server that serves ranges). The
 * clips are small (a few hundred KB), so the object is read whole and the range cut from it.
 */
export async function sendByteRange(
  res: Response,
  stream: Readable,
  size: number,
  range: [number, number] | null,
): Promise<void> {
  if (!range) {
    stream.destroy();
    res.status(416).set('Content-Range', `bytes */${size}`).end();
    return;
  }
  const [start, end] = range;
  const bytes = await readAll(stream);
  res
    .status(206)
    .set({ 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) })
    .end(bytes.subarray(start, end + 1));
}
