/** A meme upload (`POST /api/v1/memes/`) as a phone sends it, for the benches that measure uploads. */
import http from 'node:http';

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
