import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../api/client';
import { createApi } from '../../api/endpoints';
import { tokenStore } from '../../api/tokens';
import { startApiServer, type Handler } from '../../test/api-server';
import { TEST_USER } from '../../test/render';
import { LoginError, signIn } from './sign-in';

let server: Awaited<ReturnType<typeof startApiServer>>;

async function apiFor(handler: Handler) {
  server = await startApiServer(handler);
  return createApi(new ApiClient({ baseUrl: server.baseUrl, tokens: tokenStore, onLogout: () => undefined }));
}

beforeEach(() => tokenStore.clear());
afterEach(async () => {
  tokenStore.clear();
  await server.close();
});

const launch = { platform: 'ios', initDataRaw: 'user=%7B%22id%22%3A1001%7D&hash=abc', userId: 1001 };

describe('start-up sign-in (SEED-SPEC §4)', () => {
  it('logs in by init data when it carries a user, then loads the user', async () => {
    const api = await apiFor((req) =>
      req.path === '/api/v1/auth/login/'
        ? { status: 200, body: { jwtToken: 'j1', refreshToken: 'r1' } }
        : { status: 200, body: TEST_USER },
    );
    await expect(signIn(api, launch)).resolves.toEqual(TEST_USER);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/auth/login/', '/api/v1/auth/me/']);
    expect(server.requests[0].body).toEqual({ initData: launch.initDataRaw });
  });

  it('without a user in the init data reuses both tokens from the cookies', async () => {
    const api = await apiFor(() => ({ status: 200, body: TEST_USER }));
    tokenStore.set({ authToken: 'j1', refreshToken: 'r1' });

    await expect(signIn(api, { platform: 'android' })).resolves.toEqual(TEST_USER);
    expect(server.requests.map((r) => `${r.path} ${r.authorization}`)).toEqual([
      '/api/v1/auth/me/ Bearer j1',
    ]);
  });

  it('with neither init data nor tokens it is a login error, without a call', async () => {
    const api = await apiFor(() => ({ status: 200, body: TEST_USER }));
    await expect(signIn(api, { platform: 'ios' })).rejects.toBeInstanceOf(LoginError);
    expect(server.requests).toHaveLength(0);
  });

  it('a user without tgId is "Login error. Please reload the page or app."', async () => {
    const api = await apiFor((req) =>
      req.path === '/api/v1/auth/login/'
        ? { status: 200, body: { jwtToken: 'j1', refreshToken: 'r1' } }
        : { status: 200, body: { ...TEST_USER, tgId: undefined } },
    );
    await expect(signIn(api, launch)).rejects.toThrow('Login error. Please reload the page or app.');
  });

  it('a login answer missing a token is "Wrong response from server"', async () => {
    const api = await apiFor(() => ({ status: 200, body: { refreshToken: 'r1' } }));
    await expect(signIn(api, launch)).rejects.toThrow('Wrong response from server');
    expect(server.requests).toHaveLength(1);
  });
});
