import { expect } from '@jest/globals';

/** Directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every response of the API process carries (the built mini app's too: config.e2e-spec.ts). */
export function expectSecurityHeaders(res: { headers: Record<string, string | undefined> }): void {
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'strict-transport-security': expect.stringContaining('max-age='),
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  });
  // Telegram Web opens mini apps in an iframe: X-Frame-Options could not allow it, frame-ancestors does.
  expect(res.headers['x-frame-options']).toBeUndefined();
  expect(directives(res.headers['content-security-policy'])).toEqual({
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", "'sha256-2LwD0WncEIj1jxw1vzoAcu/NM+JaVWcmRBnfwZ7nefY='", 'https://telegram.org'],
    'script-src-attr': ["'unsafe-hashes'", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", 'https:', 'wss:'],
    'frame-ancestors': ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  });
}
