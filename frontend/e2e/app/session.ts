import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot } from '../browser.js';
import { openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

describe('onboarding and the session: the first visit, the cookies, the token refresh', () => {
  it('first visit: onboarding (8 illustrated steps) → main; a reload signs in from the cookies', async () => {
    const { context, page } = await openNewPlayer();
    await page.getByRole('heading', { name: 'Welcome to MemeMint' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/onboarding');
    await shot(page, '01-onboarding-1');
    const illustrations = new Set<string>();
    for (let step = 2; step <= 8; step++) {
      illustrations.add((await page.locator('.onboarding__art svg').innerHTML()).slice(0, 400));
      await page.getByRole('button', { name: 'Next' }).click();
      await shot(page, `01-onboarding-${step}`);
    }
    illustrations.add((await page.locator('.onboarding__art svg').innerHTML()).slice(0, 400));
    assert.equal(illustrations.size, 8, 'every step has its own illustration');
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    await page.getByRole('button', { name: "Let's go!" }).click();
    await page.waitForURL('**/main');
    await page.getByTestId('create-fab').waitFor();
    await shot(page, '03-main');

    const cookies = await context.cookies();
    for (const name of ['mm_auth_token', 'mm_refresh_token']) {
      const cookie = cookies.find((c) => c.name === name);
      assert.ok(cookie, `${name} is set`);
      assert.equal(cookie.sameSite, 'Strict');
      assert.equal(cookie.path, '/');
      const days = (cookie.expires - Date.now() / 1000) / 86_400;
      assert.ok(days > 29.9 && days <= 30, `${name} lasts 30 days (got ${days})`);
    }

    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await page.goto('/profile');
    await page.getByText('Credits left').waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile', 'no onboarding again after a reload');
    assert.ok(calls.includes('/api/v1/auth/me/'));
    assert.ok(!calls.includes('/api/v1/auth/login/'), 'the reload reused the cookies instead of logging in');
    assert.equal(await page.getByTestId('stat-credits').locator('.stat__value').textContent(), '3');
    await context.close();
  });

  it('a stale access token is refreshed once with the refresh cookie; a refused refresh signs out to the root', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    // Leave /main first: its own late calls (a query, the socket's handshake) must not meet the stale
    // token, or their refresh, cut off by the next navigation, would sign the player out before it.
    await page.goto('about:blank');
    const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name);
    const staleAccess = { ...(await cookie('mm_auth_token'))!, value: 'stale.access.token' };
    await context.addCookies([staleAccess]);

    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await page.goto('/profile');
    await page.getByText('Credits left').waitFor();
    assert.deepEqual(
      calls.filter((path) => path.startsWith('/api/v1/auth/')),
      ['/api/v1/auth/me/', '/api/v1/auth/refresh-token/', '/api/v1/auth/me/'],
    );
    assert.notEqual((await cookie('mm_auth_token'))?.value, 'stale.access.token');

    await page.goto('about:blank');
    await context.addCookies([
      { ...staleAccess, value: 'stale.access.token' },
      { ...(await cookie('mm_refresh_token'))!, value: 'revoked-refresh-token' },
    ]);
    await page.goto('/rating');
    await page.getByText('Login error. Please reload the page or app.').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await cookie('mm_auth_token'), undefined, 'tokens cleared');
    assert.equal(await cookie('mm_refresh_token'), undefined, 'tokens cleared');
    await context.close();
  });
  it('a refused refresh mid-game logs in again from the init data: the player stays where they were', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('Credits left').waitFor();
    const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name);
    const before = (await cookie('mm_auth_token'))!.value;

    // The session dies under the running app: a stale access token and a refresh token the server
    // refuses (what an expired or revoked session looks like to the client).
    await context.addCookies([
      { ...(await cookie('mm_auth_token'))!, value: 'stale.access.token' },
      { ...(await cookie('mm_refresh_token'))!, value: 'revoked-refresh-token' },
    ]);
    const calls: { path: string; status: number }[] = [];
    page.on('response', (response) =>
      calls.push({ path: new URL(response.url()).pathname, status: response.status() }),
    );

    // The next screen's request meets the dead session.
    await page.getByRole('link', { name: 'Quests' }).click();
    await page.getByTestId('quest-list').waitFor();
    const auth = calls.filter(({ path }) => path.startsWith('/api/v1/auth/'));
    assert.deepEqual(auth.slice(0, 2), [
      { path: '/api/v1/auth/refresh-token/', status: 401 },
      { path: '/api/v1/auth/login/', status: 200 },
    ]);
    assert.ok(!auth.slice(2).some(({ path }) => path === '/api/v1/auth/refresh-token/'), 'one refresh');
    // Still on the screen the player went to, signed in with new tokens, no error shown.
    assert.equal(new URL(page.url()).pathname, '/quests');
    const after = (await cookie('mm_auth_token'))?.value;
    assert.ok(after && after !== 'stale.access.token' && after !== before, 'new tokens');
    assert.notEqual((await cookie('mm_refresh_token'))?.value, 'revoked-refresh-token');
    assert.equal(await page.getByText('Login error. Please reload the page or app.').count(), 0);
    assert.equal(await page.getByTestId('load-failed').count(), 0);
    // The app goes on: back to Profile, its data loads with the new session.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('Credits left').waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile');
    await context.close();
  });
});
