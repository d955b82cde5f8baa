import { Blob as NodeBlob } from 'node:buffer';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './i18n';
import { dismissAllToasts } from './ui/toast';

afterEach(() => {
  cleanup();
  dismissAllToasts();
});

// Node's fetch cannot stream the jsdom Blobs of a jsdom FormData (the upload never ends): the form is
// rebuilt with Node's own FormData and Blobs, file names kept, so multipart bodies go out as a browser's.
const nodeFetch = globalThis.fetch;
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;

async function toNodeForm(form: FormData): Promise<FormData> {
  const copy = new NodeFormData();
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') copy.append(key, value);
    else
      copy.append(key, new NodeBlob([await value.arrayBuffer()], { type: value.type }) as Blob, value.name);
  }
  return copy;
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
  init?.body instanceof FormData
    ? nodeFetch(input, { ...init, body: await toNodeForm(init.body) })
    : nodeFetch(input, init);
