import type { IncomingMessage, ServerResponse } from 'node:http';

import {
  BadRequestException,
  HttpException,
  HttpStatus,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';

/** Multipart fields and boundaries around the file (fields are capped at 20 × 16 KB by multer). */
export const MULTIPART_OVERHEAD_BYTES = 400 * 1024;

/** A body's pace is judged after this long, so a slow start (TCP, a phone waking its radio) passes. */
const GRACE_MS = 3000;
const WATCH_MS = 500;

export const UPLOAD_INTERRUPTED = 'The upload was interrupted';
export const UPLOAD_TOO_SLOW = 'The upload was too slow';

/**
 * The memory all upload bodies of this process may hold while they arrive, shared by reservation:
 * an upload reserves its Content-Length (else the largest allowed) before it is read, and gives it
 * back when its request ends.
 */
export class BodyBudget {
  private used = 0;

  constructor(private readonly limit: number) {}

  /** The release, or null when the bytes are not free now. */
  reserve(bytes: number): (() => void) | null {
    if (this.used + bytes > this.limit) return null;
    this.used += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
    };
  }
}

/** The client closed the connection before its whole body arrived. */
export function clientGone(req: IncomingMessage): boolean {
  return req.destroyed && !req.complete;
}

/**
 * Runs `reading` (multer parsing the body) with the body's guards around it: a body larger than
 * `maxBytes` by its Content-Length is a 413 before a byte is read; its bytes are reserved in
 * `budget` (503 when the process holds too many bodies already) until the response is done; a body
 * arriving slower than `minBytesPerSecond` on average is cut off with 408 (the connection closes
 * after the answer); a client that leaves mid-body ends the read with a 400 nobody reads.
 */
export async function guardBody<T>(
  req: IncomingMessage,
  res: ServerResponse,
  limits: { maxBytes: number; budget: BodyBudget; minBytesPerSecond: number },
  reading: () => Promise<T>,
): Promise<T> {
  const declared = Number(req.headers['content-length']);
  const length = Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
  if (length !== null && length > limits.maxBytes + MULTIPART_OVERHEAD_BYTES)
    throw new PayloadTooLargeException(ErrorText.imageTooLarge);
  const release = limits.budget.reserve(length ?? limits.maxBytes + MULTIPART_OVERHEAD_BYTES);
  if (!release)
    throw new ServiceUnavailableException({
      detail: 'The server is busy, try again in a moment',
      retryAfter: 1,
    });
  res.once('close', release);
  if (clientGone(req)) throw new BadRequestException(UPLOAD_INTERRUPTED);

  const started = Date.now();
  const startBytes = req.socket.bytesRead;
  let stop: () => void = () => undefined;
  const guarded = new Promise<never>((_resolve, reject) => {
    const cutOff = (error: HttpException) => {
      // The answer goes out, then the connection closes: the rest of the body is never read.
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.destroy());
      req.unpipe();
      reject(error);
    };
    const watch = setInterval(() => {
      if (req.complete) return clearInterval(watch);
      const elapsed = Date.now() - started;
      const received = req.socket.bytesRead - startBytes;
      if (elapsed >= GRACE_MS && received < (limits.minBytesPerSecond * elapsed) / 1000)
        cutOff(new HttpException(UPLOAD_TOO_SLOW, HttpStatus.REQUEST_TIMEOUT));
    }, WATCH_MS);
    const onClose = () => {
      if (!req.complete) reject(new BadRequestException(UPLOAD_INTERRUPTED));
    };
    req.once('close', onClose);
    stop = () => {
      clearInterval(watch);
      req.off('close', onClose);
    };
  });
  guarded.catch(() => undefined);
  const read = reading();
  read.catch(() => undefined);
  try {
    return await Promise.race([read, guarded]);
  } finally {
    stop();
  }
}
