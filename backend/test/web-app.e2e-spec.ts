import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b3c.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the mini app '.repeat(200))});`;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET read byte for byte as it came over the wire (supertest would decompress it). */
function rawGet(
  server: http.Server,
  urlPath: string,
  headers: http.OutgoingHttpHeaders,
): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the built mini app served beside the API', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    // A build as the mini app's writes it: hashed assets with .br and .gz copies beside them.
    dist = await mkdtemp(path.join(tmpdir(), 'mm-web-app-'));
    await mkdir(path.join(dist, 'assets'));
    const files: Record<string, string> = { 'index.html': INDEX, 'assets/app-1a2b3c.js': SCRIPT };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dist, name);
      await writeFile(file, text);
      await writeFile(`${file}.br`, brotliCompressSync(text));
      await writeFile(`${file}.gz`, gzipSync(text));
    }
    await writeFile(path.join(dist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { FRONTEND_DIST: dist } });
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed when accepted, cached for a year', async () => {
    const res = await rawGet(t.server, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await rawGet(t.server, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(t.server, '/assets/app-1a2b3c.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('answers index.html for the app routes, revalidated on every load', async () => {
    for (const route of ['/', '/main', '/profile']) {
      const res = await rawGet(t.server, route, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
    }
    const etag = (await request(t.server).get('/main')).headers.etag;
    await request(t.server).get('/main').set('If-None-Match', etag!).expect(304);
  });

  it('a file missing from the build is a 404, never the index page', async () => {
    const res = await request(t.server).get('/assets/app-old000.js').expect(404);
    expect(res.body).toEqual({ detail: 'Not found' });
  });

  it('leaves the API and paths outside the build alone', async () => {
    await request(t.server).get('/api/health').expect(200, { status: 'ok', database: 'up', redis: 'up' });
    const missing = await request(t.server).get('/api/no-such-call/').expect(404);
    expect(missing.body).toHaveProperty('detail');
    await request(t.server).get('/%2e%2e/%2e%2e/etc/passwd').expect(404);
    await request(t.server).get('/icon.svg').expect('Content-Type', 'image/svg+xml').expect(200);
  });
});
