import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorText, type RefreshResponse } from '@mememint/contracts';
import request from 'supertest';

import { createTestApp, type TestApp } from './helpers/test-app.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';

describe('refresh tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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
    await refresh(phone.refreshToken).expect(401);
    await me(phone.jwtToken).expect(403);
    await me(desktop.jwtToken).expect(200);
    await refresh(desktop.refreshToken).expect(200);
  });

  it('of 50 parallel refreshes of one token exactly one succeeds', async () => {
    const tokens = await loginAs(t.server, t.config, { id: newTgId() });
    const results = await Promise.all(Array.from({ length: 50 }, () => refresh(tokens.refreshToken)));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(49);
    const issued = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
        WHERE s.user_id = (SELECT user_id FROM auth_sessions ORDER BY created_at DESC LIMIT 1)`,
    );
    expect(issued[0].n).toBe(2);
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
