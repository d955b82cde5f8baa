import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { CONTENT_SECURITY_POLICY, THEME_SCRIPT_HASH } from '../src/common/security-headers.js';
import { expectSecurityHeaders } from './helpers/security-headers.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['an API route', '/api/health', 200],
    ['an API error', '/api/v1/nothing-here/', 404],
    ['the media endpoint', '/api/media/templates/none.jpg', 404],
  ])('%s carries helmet’s headers and no X-Powered-By', async (_name, url, status) => {
    expectSecurityHeaders(await request(t.server).get(url).expect(status));
  });
});

describe('the mini app’s inline start-up script', () => {
  it('is the one the policy allows by its hash', () => {
    const html = readFileSync(new URL('../../frontend/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
    expect(scripts).toHaveLength(1);
    expect(`sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}`).toBe(THEME_SCRIPT_HASH);
  });
});

describe('the nginx image of the mini app (docker/nginx.conf)', () => {
  it('sends the same Content-Security-Policy as the API', () => {
    const conf = readFileSync(new URL('../../docker/nginx.conf', import.meta.url), 'utf8');
    const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(conf)?.[1];
    const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    expect(policy).toBe(
      Object.entries(CONTENT_SECURITY_POLICY)
        .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
        .join('; '),
    );
  });
});
