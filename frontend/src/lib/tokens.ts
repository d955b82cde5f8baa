/**
 * Auth tokens kept in cookies (docs/SPEC.md §3): `mm_`-prefixed, 30 days, path /, SameSite=Strict, and
 * Secure whenever the app is served over HTTPS (always in Telegram), so they never travel in clear.
 */
export const AUTH_COOKIE = 'mm_auth_token';
export const REFRESH_COOKIE = 'mm_refresh_token';
export const TOKEN_COOKIE_DAYS = 30;

export interface Tokens {
  authToken: string;
  refreshToken: string;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=strict${secure}`;
}

export const tokenStore = {
  get(): Partial<Tokens> {
    return {
      authToken: readCookie(AUTH_COOKIE) ?? undefined,
      refreshToken: readCookie(REFRESH_COOKIE) ?? undefined,
    };
  },
  set(tokens: Tokens): void {
    const maxAge = TOKEN_COOKIE_DAYS * 24 * 60 * 60;
    writeCookie(AUTH_COOKIE, tokens.authToken, maxAge);
    writeCookie(REFRESH_COOKIE, tokens.refreshToken, maxAge);
  },
  clear(): void {
    writeCookie(AUTH_COOKIE, '', 0);
    writeCookie(REFRESH_COOKIE, '', 0);
  },
};

export type TokenStore = typeof tokenStore;
