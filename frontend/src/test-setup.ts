import { Buffer } from 'node:buffer';

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Node 25+ has its own `localStorage` global (undefined without --localstorage-file) that hides
// jsdom's; the page's storage is jsdom's.
declare const jsdom: { window: Window };
if (globalThis.localStorage === undefined)
  Object.defineProperty(globalThis, 'localStorage', { value: jsdom.window.localStorage, configurable: true });

import './i18n';
import { connection } from './ui/connection';
import { dismissAllToasts } from './ui/toast';

afterEach(() => {
  cleanup();
  dismissAllToasts();
  connection.reset();
});

// Node's fetch cannot send the jsdom Blobs of a jsdom FormData (the body comes out short or empty): the
// form is encoded here, byte for byte as a browser would (file names and types kept).
async function multipart(form: FormData): Promise<{ body: ArrayBuffer; type: string }> {
  const boundary = `----mememint-test-${Math.random().toString(16).slice(2)}`;
  const parts: Uint8Array[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n`));
      parts.push(Buffer.from(value, 'utf8'));
    } else {
      const type = value.type || 'application/octet-stream';
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${value.name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
      );
      parts.push(new Uint8Array(await value.arrayBuffer()));
    }
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const bytes = Buffer.concat(parts);
  const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const nodeFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  if (!(init?.body instanceof FormData)) return nodeFetch(input, init);
  const { body, type } = await multipart(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-type', type);
  return nodeFetch(input, { ...init, body, headers });
};

// Node 25+ has a global localStorage of its own, undefined without `--localstorage-file`, which hides
// jsdom's: the tests get a plain in-memory Storage instead (what the page sees in a browser).
if (typeof globalThis.localStorage?.clear !== 'function') {
  const items = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
}
