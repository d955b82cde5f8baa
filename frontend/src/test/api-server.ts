import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** A JSON body parsed; any other body (multipart) as latin1 text, one character per byte. */
  body: unknown;
}

/** An answer, or `'drop'`: the connection is cut without one (what a lost network looks like). */
export type Answer = { status: number; body?: unknown } | 'drop';

export type Handler = (req: RecordedRequest) => Answer | Promise<Answer>;

/** A multipart body's field `name` as text, or undefined when the form has no such field. */
export function formField(body: unknown, name: string): string | undefined {
  const text = String(body);
  const boundary = text.slice(0, text.indexOf('\r\n'));
  for (const part of text.split(boundary)) {
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd >= 0 && part.slice(0, headEnd).includes(`; name="${name}"`))
      return part.slice(headEnd + 4).replace(/\r\n$/, '');
  }
  return undefined;
}

/** A real HTTP server on a free port that records every request and answers through `handler`. */
export async function startApiServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const json = req.headers['content-type']?.includes('json') ?? false;
      // Other bodies (multipart) byte for byte, one character per byte.
      const text = bytes.toString(json ? 'utf8' : 'latin1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization,
        body: !text ? undefined : json ? JSON.parse(text) : text,
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded)).then((answer) => {
        if (answer === 'drop') {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
