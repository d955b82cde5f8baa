import { ErrorText } from '@mememint/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { startApiServer, type Handler } from '../test/api-server';
import { ApiClient } from './api-client';
import { ApiError, NetworkError } from './api-errors';
import { dropEarlyRequests } from './early-requests';
import { tokenStore } from './tokens';

type Server = Awaited<ReturnType<typeof startApiServer>>;

let server: Server;
let logouts: number;

async function setup(handler: Handler) {
  server = await startApiServer(handler);
  logouts = 0;
  return new ApiClient({ baseUrl: server.baseUrl, tokens: tokenStore, onLogout: () => logouts++ });
}

beforeEach(() => tokenStore.clear());
afterEach(async () => {
  tokenStore.clear();
  await server?.close();
});

/** Only `fresh` is a valid access token; refreshing with `r1` yields it. */
function tokenServer(refreshAnswer: { status: number; body?: unknown }): Handler {
  return (req) => {
    if (req.path === '/api/v1/auth/refresh-token/') return refreshAnswer;
    if (req.authorization === 'Bearer fresh') return { status: 200, body: { path: req.path } };
    return { status: 401, body: { detail: 'Token expired' } };
  };
}

describe('ApiClient token refresh', () => {
  it('parallel 401s share exactly one refresh, then each request retries once with the new token', async () => {
    const client = await setup(
      tokenServer({ status: 200, body: { newJwtToken: 'fresh', newRefreshToken: 'r2' } }),
    );
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });

    const answers = await Promise.all(
      ['/v1/a/', '/v1/b/', '/v1/c/'].map((path) => client.get<{ path: string }>(path)),
    );

    expect(answers.map((a) => a.path)).toEqual(['/api/v1/a/', '/api/v1/b/', '/api/v1/c/']);
    const refreshes = server.requests.filter((r) => r.path === '/api/v1/auth/refresh-token/');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ refreshToken: 'r1' });
    expect(refreshes[0].authorization).toBeUndefined();
    const retried = server.requests.filter((r) => r.authorization === 'Bearer fresh');
    expect(retried.map((r) => r.path).sort()).toEqual(['/api/v1/a/', '/api/v1/b/', '/api/v1/c/']);
    expect(tokenStore.get()).toEqual({ authToken: 'fresh', refreshToken: 'r2' });
    expect(logouts).toBe(0);
  });

  it('a 403 saying "Refresh your tokens and try again." refreshes too; another 403 does not', async () => {
    const client = await setup((req) => {
      if (req.path === '/api/v1/auth/refresh-token/')
        return { status: 200, body: { newJwtToken: 'fresh', newRefreshToken: 'r2' } };
      if (req.path === '/api/v1/forbidden/') return { status: 403, body: { detail: 'Forbidden' } };
      if (req.authorization === 'Bearer fresh') return { status: 200, body: { ok: true } };
      return { status: 403, body: { detail: ErrorText.refreshTokens } };
    });
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });

    await expect(client.get('/v1/thing/')).resolves.toEqual({ ok: true });
    await expect(client.get('/v1/forbidden/')).rejects.toMatchObject({ status: 403, detail: 'Forbidden' });
    expect(server.requests.filter((r) => r.path === '/api/v1/auth/refresh-token/')).toHaveLength(1);
  });

  it('a failed refresh clears the tokens and logs out once, and the callers get the original 401', async () => {
    const client = await setup(tokenServer({ status: 401, body: { detail: 'Refresh token expired' } }));
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });

    const results = await Promise.allSettled([client.get('/v1/a/'), client.get('/v1/b/')]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((result as PromiseRejectedResult).reason.status).toBe(401);
    }
    expect(server.requests.filter((r) => r.path === '/api/v1/auth/refresh-token/')).toHaveLength(1);
    expect(logouts).toBe(1);
    expect(tokenStore.get()).toEqual({ authToken: undefined, refreshToken: undefined });
  });

  describe('a refused refresh with init data at hand (issue 22, defect 5)', () => {
    /** The refresh is refused; a login with `good-init-data` yields `fresh`. */
    const reloginServer: Handler = (req) => {
      if (req.path === '/api/v1/auth/refresh-token/') return { status: 401, body: { detail: 'Revoked' } };
      if (req.path === '/api/v1/auth/login/')
        return (req.body as { initData: string }).initData === 'good-init-data'
          ? { status: 200, body: { jwtToken: 'fresh', refreshToken: 'r9' } }
          : { status: 401, body: { detail: 'Init data is invalid' } };
      if (req.authorization === 'Bearer fresh') return { status: 200, body: { path: req.path } };
      return { status: 401, body: { detail: 'Token expired' } };
    };

    it('logs in again from it (once for parallel callers), and every request retries', async () => {
      const client = await setup(reloginServer);
      client.keepInitData('good-init-data');
      tokenStore.set({ authToken: 'stale', refreshToken: 'revoked' });

      const answers = await Promise.all(
        ['/v1/a/', '/v1/b/'].map((path) => client.get<{ path: string }>(path)),
      );

      expect(answers.map((a) => a.path)).toEqual(['/api/v1/a/', '/api/v1/b/']);
      const logins = server.requests.filter((r) => r.path === '/api/v1/auth/login/');
      expect(logins).toEqual([expect.objectContaining({ body: { initData: 'good-init-data' } })]);
      expect(logins[0]!.authorization).toBeUndefined();
      expect(server.requests.filter((r) => r.path === '/api/v1/auth/refresh-token/')).toHaveLength(1);
      expect(tokenStore.get()).toEqual({ authToken: 'fresh', refreshToken: 'r9' });
      expect(logouts).toBe(0);
    });

    it('only when that login is refused too is the user logged out', async () => {
      const client = await setup(reloginServer);
      client.keepInitData('expired-init-data');
      tokenStore.set({ authToken: 'stale', refreshToken: 'revoked' });

      await expect(client.get('/v1/a/')).rejects.toMatchObject({ status: 401 });
      expect(server.requests.map((r) => r.path)).toEqual([
        '/api/v1/a/',
        '/api/v1/auth/refresh-token/',
        '/api/v1/auth/login/',
      ]);
      expect(logouts).toBe(1);
      expect(tokenStore.get()).toEqual({ authToken: undefined, refreshToken: undefined });
    });

    it('without init data (reopened from the cookies) there is no login: logged out at once', async () => {
      const client = await setup(reloginServer);
      tokenStore.set({ authToken: 'stale', refreshToken: 'revoked' });

      await expect(client.get('/v1/a/')).rejects.toMatchObject({ status: 401 });
      expect(server.requests.some((r) => r.path === '/api/v1/auth/login/')).toBe(false);
      expect(logouts).toBe(1);
    });
  });

  it('a refresh that gets no answer keeps the session: the callers get the network error, the next call refreshes', async () => {
    let refreshes = 0;
    const client = await setup((req) => {
      if (req.path === '/api/v1/auth/refresh-token/')
        return ++refreshes === 1
          ? 'drop'
          : { status: 200, body: { newJwtToken: 'fresh', newRefreshToken: 'r2' } };
      if (req.authorization === 'Bearer fresh') return { status: 200, body: { path: req.path } };
      return { status: 401, body: { detail: 'Token expired' } };
    });
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });

    await expect(client.get('/v1/a/')).rejects.toBeInstanceOf(NetworkError);
    expect(logouts).toBe(0);
    expect(tokenStore.get()).toEqual({ authToken: 'stale', refreshToken: 'r1' });

    await expect(client.get('/v1/a/')).resolves.toEqual({ path: '/api/v1/a/' });
    expect(refreshes).toBe(2);
    expect(tokenStore.get()).toEqual({ authToken: 'fresh', refreshToken: 'r2' });
  });

  it('a refresh answer without both new tokens counts as a failed refresh', async () => {
    const client = await setup(tokenServer({ status: 200, body: { newJwtToken: 'fresh' } }));
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });

    await expect(client.get('/v1/a/')).rejects.toMatchObject({ status: 401 });
    expect(logouts).toBe(1);
    expect(tokenStore.get().authToken).toBeUndefined();
  });

  it('retries only once: a request still refused after the refresh fails without a second refresh', async () => {
    const client = await setup((req) =>
      req.path === '/api/v1/auth/refresh-token/'
        ? { status: 200, body: { newJwtToken: 'also-bad', newRefreshToken: 'r2' } }
        : { status: 401, body: { detail: 'nope' } },
    );
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });

    await expect(client.get('/v1/a/')).rejects.toMatchObject({ status: 401 });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/v1/a/',
      '/api/v1/auth/refresh-token/',
      '/api/v1/a/',
    ]);
  });

  it('when logged out a 401 is passed through without a refresh', async () => {
    const client = await setup(
      tokenServer({ status: 200, body: { newJwtToken: 'x', newRefreshToken: 'y' } }),
    );

    await expect(client.get('/v1/a/')).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(1);
    expect(logouts).toBe(0);
  });
});

describe('start-up’s early request (sent by index.html before the scripts)', () => {
  afterEach(() => dropEarlyRequests());

  /** What index.html's inline script does: the call, its answer kept as status and text. */
  async function sendEarly(method: string, path: string, token: string) {
    const answer = fetch(server.baseUrl + path, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
    window.__mmEarly = [{ method, path, token, answer }];
    await answer;
  }

  it('its answer serves the identical request once; the next one asks the server', async () => {
    const client = await setup(tokenServer({ status: 401 }));
    tokenStore.set({ authToken: 'fresh', refreshToken: 'r1' });
    await sendEarly('GET', '/v1/auth/me/', 'fresh');

    await expect(client.get('/v1/auth/me/')).resolves.toEqual({ path: '/api/v1/auth/me/' });
    expect(server.requests).toHaveLength(1);
    await client.get('/v1/auth/me/');
    expect(server.requests).toHaveLength(2);
  });

  it('an early 401 (a stale token) is refreshed and retried like any answer', async () => {
    const client = await setup(
      tokenServer({ status: 200, body: { newJwtToken: 'fresh', newRefreshToken: 'r2' } }),
    );
    tokenStore.set({ authToken: 'stale', refreshToken: 'r1' });
    await sendEarly('GET', '/v1/auth/me/', 'stale');

    await expect(client.get('/v1/auth/me/')).resolves.toEqual({ path: '/api/v1/auth/me/' });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/v1/auth/me/',
      '/api/v1/auth/refresh-token/',
      '/api/v1/auth/me/',
    ]);
  });

  it('the first screen’s deck: taken by the GET with the identical query, not by another page size', async () => {
    const client = await setup(tokenServer({ status: 401 }));
    tokenStore.set({ authToken: 'fresh', refreshToken: 'r1' });
    await sendEarly('GET', '/v1/swipes/?limit=20', 'fresh');

    await client.get('/v1/swipes/', { query: { limit: 10 } });
    expect(server.requests).toHaveLength(2);
    await client.get('/v1/swipes/', { query: { limit: 20 } });
    expect(server.requests).toHaveLength(2);
    await client.get('/v1/swipes/', { query: { limit: 20 } });
    // The early one, the other page size, and the second deck (the early answer is taken once).
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/v1/swipes/?limit=20',
      '/api/v1/swipes/?limit=10',
      '/api/v1/swipes/?limit=20',
    ]);
  });

  it('is not taken by a request with another token', async () => {
    const client = await setup(tokenServer({ status: 401 }));
    tokenStore.set({ authToken: 'fresh', refreshToken: 'r1' });
    await sendEarly('GET', '/v1/auth/me/', 'someone-else');

    await expect(client.get('/v1/auth/me/')).resolves.toEqual({ path: '/api/v1/auth/me/' });
    expect(server.requests.map((r) => r.authorization)).toEqual(['Bearer someone-else', 'Bearer fresh']);
  });
});
