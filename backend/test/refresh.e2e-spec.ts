import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorText, type RefreshResponse } from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { MovableClock } from './helpers/movable-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';

/** Past REFRESH_REUSE_GRACE_SECONDS (10 by default): a used token presented again is reuse. */
const PAST_GRACE_MS = 11_000;

describe('refresh tokens', () => {
  let t: TestApp;
  const clock = new MovableClock();
  beforeAll(async () => {
    t = await createTestApp({ override: (builder) => builder.overrideProvider(Clock).useValue(clock) });
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) =>
    request(t.server).post('/api/v1/auth/refresh-token/').send({ refreshToken });
  const me = (jwt: string) => request(t.server).get('/api/v1/auth/me/').set('Authorization', `Bearer ${jwt}`);

  it('rotates: each refresh answers a new pair and the old refresh token is spent', async () => {
    const tgId = newTgId();
    const first = await loginAs(t.server, t.config, { id: tgId });
    const second = (await refresh(first.refreshToken).expect(200)).body as RefreshResponse;
    expect(Object.keys(second).sort()).toEqual(['newJwtToken', 'newRefreshToken']);
    expect(second.newRefreshToken).not.toBe(first.refreshToken);
    expect((await me(second.newJwtToken).expect(200)).body.tgId).toBe(tgId);

    const third = (await refresh(second.newRefreshToken).expect(200)).body as RefreshResponse;
    await me(third.newJwtToken).expect(200);

    // Stored as SHA-256 only.
    const stored = await t.dataSource.query(
      `SELECT token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') AS hashed FROM refresh_tokens
        WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') OR token_hash = $1`,
      [third.newRefreshToken],
    );
    expect(stored).toEqual([{ hashed: true }]);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const first = await loginAs(t.server, t.config, { id: newTgId() });
    const second = (await refresh(first.refreshToken).expect(200)).body as RefreshResponse;
    const third = (await refresh(second.newRefreshToken).expect(200)).body as RefreshResponse;
    await me(third.newJwtToken).expect(200);

    clock.advance(PAST_GRACE_MS);
    const reuse = await refresh(first.refreshToken).expect(401);
    expect(reuse.body.detail).toMatch(/already used/i);

    // The newest refresh token of the family no longer works …
    await refresh(third.newRefreshToken).expect(401);
    // … and its still-unexpired access token answers 403 with the text that makes the client refresh.
    const revoked = await me(third.newJwtToken).expect(403);
    expect(revoked.body).toEqual({ detail: ErrorText.refreshTokens });
  });

  it('leaves the same user’s other sessions alone when one family is revoked', async () => {
    const tgId = newTgId();
    const phone = await loginAs(t.server, t.config, { id: tgId });
    const desktop = await loginAs(t.server, t.config, { id: tgId });
    await refresh(phone.refreshToken).expect(200);
    clock.advance(PAST_GRACE_MS);
    await refresh(phone.refreshToken).expect(401);
    await me(phone.jwtToken).expect(403);
    await me(desktop.jwtToken).expect(200);
    await refresh(desktop.refreshToken).expect(200);
  });

  it('10 parallel refreshes of one token (two tabs, a retry) all answer the same new pair, which works', async () => {
    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refreshToken)));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
    const pairs = new Set(results.map((res) => JSON.stringify(res.body)));
    expect(pairs.size).toBe(1);
    const pair = results[0]!.body as RefreshResponse;
    await me(pair.newJwtToken).expect(200);
    // One successor was stored, and it rotates on.
    const issued = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
        WHERE s.user_id = (SELECT user_id FROM auth_sessions ORDER BY created_at DESC LIMIT 1)`,
    );
    expect(issued[0].n).toBe(2);
    const next = (await refresh(pair.newRefreshToken).expect(200)).body as RefreshResponse;
    await me(next.newJwtToken).expect(200);
  });

  it('the same refresh within the grace answers the same pair; after it, reuse closes the session', async () => {
    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    const first = (await refresh(tokens.refreshToken).expect(200)).body as RefreshResponse;
    clock.advance(9_000);
    const again = (await refresh(tokens.refreshToken).expect(200)).body as RefreshResponse;
    expect(again).toEqual(first);
    clock.advance(2_000);
    const reuse = await refresh(tokens.refreshToken).expect(401);
    expect(reuse.body.detail).toMatch(/already used/i);
    await refresh(first.newRefreshToken).expect(401);
    await me(first.newJwtToken).expect(403);
  });

  it('refuses unknown, malformed and missing refresh tokens', async () => {
    await refresh('A'.repeat(43)).expect(401);
    await refresh('short').expect(401);
    const missing = await request(t.server).post('/api/v1/auth/refresh-token/').send({}).expect(400);
    expect(typeof missing.body.detail).toBe('string');
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    await t.dataSource.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
        WHERE session_id = (SELECT id FROM auth_sessions ORDER BY created_at DESC LIMIT 1)`,
    );
    await refresh(tokens.refreshToken).expect(401);
  });
});
