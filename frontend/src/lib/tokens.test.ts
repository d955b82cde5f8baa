// @vitest-environment-options {"url": "https://mememint.test/"}
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AUTH_COOKIE, REFRESH_COOKIE, tokenStore } from './tokens';

afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});

describe('token cookies on HTTPS', () => {
  it('are written Secure and SameSite=Strict, and read back', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      written.push(value);
      descriptor.set!.call(this, value);
    });

    tokenStore.set({ authToken: 'access-1', refreshToken: 'refresh-1' });

    expect(written.map((cookie) => cookie.split('=')[0])).toEqual([AUTH_COOKIE, REFRESH_COOKIE]);
    for (const cookie of written) {
      const attributes = cookie.toLowerCase().split('; ').slice(1);
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'samesite=strict', 'path=/']));
    }
    expect(tokenStore.get()).toEqual({ authToken: 'access-1', refreshToken: 'refresh-1' });
  });
});
