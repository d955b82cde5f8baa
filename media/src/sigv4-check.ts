import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { SignatureV4 } from '@smithy/signature-v4';

type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytesOf(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

/** node:crypto as the signer's hash (an HMAC when given a secret). */
class NodeSha256 {
  private readonly hash;

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }

  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** An S3 error answer, as S3 words it. */
function refuse(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** `20261127T153000Z` as a Date. */
function amzDate(text: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The signature a request carries (its Authorization header, or a presigned URL's query) checked the
 * way S3 checks it: computed again here with the server's secret by the AWS SDK's own signer, over the
 * same method, path, query and signed headers. Null when it matches, else why not.
 */
async function signatureProblem(req: http.IncomingMessage, credentials: Credentials): Promise<string | null> {
  const url = new URL(req.url ?? '/', 'http://s3.invalid');
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = value;
  const presigned = query['X-Amz-Signature'] !== undefined;
  const authorization = req.headers.authorization ?? '';
  const fields = presigned
    ? {
        credential: query['X-Amz-Credential'] ?? '',
        signedHeaders: query['X-Amz-SignedHeaders'] ?? '',
        signature: query['X-Amz-Signature'] ?? '',
        date: query['X-Amz-Date'] ?? '',
      }
    : {
        credential: /Credential=([^,\s]+)/.exec(authorization)?.[1] ?? '',
        signedHeaders: /SignedHeaders=([^,\s]+)/.exec(authorization)?.[1] ?? '',
        signature: /Signature=([0-9a-f]+)/.exec(authorization)?.[1] ?? '',
        date: String(req.headers['x-amz-date'] ?? ''),
      };
  if (!authorization.startsWith('AWS4-HMAC-SHA256 ') && !presigned) return 'not signed with SigV4';
  const [accessKeyId, , region, service] = fields.credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) return 'unknown access key';
  const signingDate = amzDate(fields.date);
  if (!signingDate || !region || !service) return 'malformed credential scope';

  const headers: Record<string, string> = {};
  for (const name of fields.signedHeaders.split(';')) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const signer = new SignatureV4({
    credentials,
    region,
    service,
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const request = {
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname: url.hostname,
    path: url.pathname,
    query,
    headers,
  };
  let expected: string;
  if (presigned) {
    delete query['X-Amz-Signature'];
    const expiresIn = Number(query['X-Amz-Expires']);
    for (const name of [
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
    ])
      delete query[name];
    // The declared payload hash (UNSIGNED-PAYLOAD) goes back to a header: the signer reads it there and
    // puts it in the query again.
    const payload = query['X-Amz-Content-Sha256'];
    if (payload !== undefined) {
      headers['X-Amz-Content-Sha256'] = payload;
      delete query['X-Amz-Content-Sha256'];
    }
    const signed = await signer.presign(request, { signingDate, expiresIn });
    expected = String(signed.query?.['X-Amz-Signature'] ?? '');
  } else {
    // The payload's hash is the one the client declared (S3 checks the body against it separately).
    const signed = await signer.sign(request, { signingDate });
    expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1] ?? '';
  }
  return equal(expected, fields.signature) ? null : 'signature does not match';
}

export interface SignatureCheck {
  /** `http://127.0.0.1:<port>`: the endpoint clients use. */
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A proxy in front of an S3-compatible test server that does not check signatures (s3rver checks the
 * access key only): a request whose SigV4 signature is not the one `credentials` give is refused with
 * 403 SignatureDoesNotMatch, as S3 would; the rest pass through unchanged.
 */
export async function startSignatureCheck(target: string, credentials: Credentials): Promise<SignatureCheck> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    signatureProblem(req, credentials).then(
      (problem) => {
        if (problem) {
          req.resume();
          refuse(
            res,
            403,
            'SignatureDoesNotMatch',
            `The request signature we calculated does not match: ${problem}`,
          );
          return;
        }
        const forward = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.once('error', () => res.destroy());
        req.pipe(forward);
      },
      () => refuse(res, 400, 'InvalidRequest', 'The signature could not be checked'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
