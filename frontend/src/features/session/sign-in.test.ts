import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ApiClient } from '../../lib/api-client';
import { WrongResponseError } from '../../lib/api-errors';
import { AUTH_COOKIE, REFRESH_COOKIE, tokenStore } from '../../lib/tokens';
import { startApiServer, type Handler } from '../../test/api-server';
import { TEST_USER } from '../../test/render';
import { getMe } from './api/get-me';
import { login } from './api/login';
import { LoginError, signIn } from './sign-in';

let server: Awaited<ReturnType<typeof startApiServer>>;

async function clientFor(handler: Handler) {
  server = await startApiServer(handler);
  return new ApiClient({ baseUrl: server.baseUrl, tokens: tokenStore, onLogout: () => undefined });
}

beforeEach(() => tokenStore.clear());
afterEach(async () => {
  tokenStore.clear();
  await server.close();
});

const launch = { platform: 'ios', initDataRaw: 'user=%7B%22id%22%3A1001%7D&hash=abc', userId: 1001 };

describe('start-up sign-in (docs/SPEC.md §4)', () => {
  it('logs in by init data when it carries a user, then loads the user', async () => {
    const client = await clientFor((req) =>
      req.path === '/api/v1/auth/login/'
        ? { status: 200, body: { jwtToken: 'j1', refreshToken: 'r1' } }
        : { status: 200, body: TEST_USER },
    );
    await expect(signIn(client, launch)).resolves.toEqual(TEST_USER);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/auth/login/', '/api/v1/auth/me/']);
    expect(server.requests[0].body).toEqual({ initData: launch.initDataRaw });
  });

  it('without a user in the init data reuses both tokens from the cookies', async () => {
    const client = await clientFor(() => ({ status: 200, body: TEST_USER }));
    tokenStore.set({ authToken: 'j1', refreshToken: 'r1' });

    await expect(signIn(client, { platform: 'android' })).resolves.toEqual(TEST_USER);
    expect(server.requests.map((r) => `${r.path} ${r.authorization}`)).toEqual([
      '/api/v1/auth/me/ Bearer j1',
    ]);
  });

  it('with neither init data nor tokens it is a login error, without a call', async () => {
    const client = await clientFor(() => ({ status: 200, body: TEST_USER }));
    await expect(signIn(client, { platform: 'ios' })).rejects.toBeInstanceOf(LoginError);
    expect(server.requests).toHaveLength(0);
  });

  it('a user without tgId is "Login error. Please reload the page or app."', async () => {
    const client = await clientFor((req) =>
      req.path === '/api/v1/auth/login/'
        ? { status: 200, body: { jwtToken: 'j1', refreshToken: 'r1' } }
        : { status: 200, body: { ...TEST_USER, tgId: undefined } },
    );
    await expect(signIn(client, launch)).rejects.toThrow('Login error. Please reload the page or app.');
  });

  it('a login answer missing a token is "Wrong response from server"', async () => {
    const client = await clientFor(() => ({ status: 200, body: { refreshToken: 'r1' } }));
    await expect(signIn(client, launch)).rejects.toThrow('Wrong response from server');
    expect(server.requests).toHaveLength(1);
  });
});

describe('login', () => {
  it('stores both tokens in mm_ cookies and sends the Bearer header afterwards', async () => {
    const client = await clientFor((req) =>
      req.path === '/api/v1/auth/login/'
        ? { status: 200, body: { jwtToken: 'j1', refreshToken: 'r1' } }
        : { status: 200, body: { tgId: 42 } },
    );

    client.acceptLogin(await login(client, { initData: 'query_id=1' }));
    await getMe(client);

    expect(document.cookie).toContain(`${AUTH_COOKIE}=j1`);
    expect(document.cookie).toContain(`${REFRESH_COOKIE}=r1`);
    expect(server.requests[0].body).toEqual({ initData: 'query_id=1' });
    expect(server.requests[1].authorization).toBe('Bearer j1');
  });

  it('a login answer without both tokens is "Wrong response from server" and stores nothing', async () => {
    const client = await clientFor(() => ({ status: 200, body: { jwtToken: 'j1' } }));

    const answer = await login(client, { initData: 'query_id=1' });
    expect(() => client.acceptLogin(answer)).toThrow(WrongResponseError);
    expect(() => client.acceptLogin(answer)).toThrow('Wrong response from server');
    expect(tokenStore.get().authToken).toBeUndefined();
  });
});
