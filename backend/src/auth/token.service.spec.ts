import { randomUUID } from 'node:crypto';

import { beforeEach, describe, expect, it } from '@jest/globals';
import { HttpStatus } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ErrorText } from '@mememint/contracts';

import { Clock } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import type { User } from '../users/entities/user.entity.js';
import type { AuthRepository, NewRefreshToken } from './auth.repository.js';
import type { AuthSession } from './entities/auth-session.entity.js';
import type { RefreshToken } from './entities/refresh-token.entity.js';
import { TokenService } from './token.service.js';

const PLAYER = 9001;
// No reuse grace here: a used token presented again is reuse at once (the grace: test/refresh.e2e-spec.ts).
const config = new AppConfig({
  DATABASE_URL: 'postgres://127.0.0.1/unused',
  REFRESH_REUSE_GRACE_SECONDS: '0',
});

/** Sessions and refresh tokens in memory, with the repository's rules (single use, expiry, revocation). */
class FakeAuthRepository {
  readonly sessions = new Map<string, AuthSession>();
  readonly tokens = new Map<string, RefreshToken>();

  async openSession(userId: number, token: NewRefreshToken) {
    const id = randomUUID();
    this.sessions.set(id, { id, userId, user: { tgId: userId } as User, revokedAt: null } as AuthSession);
    this.store(id, token);
    return id;
  }
  async rotateRefreshToken(tokenHash: string, next: NewRefreshToken, now: Date) {
    const token = this.tokens.get(tokenHash);
    const session = token && this.sessions.get(token.sessionId);
    if (!token || !session || token.usedAt || token.expiresAt <= new Date() || session.revokedAt) return null;
    token.usedAt = now;
    this.store(session.id, next);
    return { userId: session.userId, sessionId: session.id, usedAt: now };
  }
  async findRecentExchange(tokenHash: string, since: Date) {
    const token = this.tokens.get(tokenHash);
    const session = token && this.sessions.get(token.sessionId);
    if (!token?.usedAt || token.usedAt < since || !session || session.revokedAt) return null;
    return { userId: session.userId, sessionId: session.id, usedAt: token.usedAt };
  }
  async findRefreshToken(tokenHash: string) {
    return this.tokens.get(tokenHash) ?? null;
  }
  async revokeSession(sessionId: string) {
    const session = this.sessions.get(sessionId)!;
    if (session.revokedAt) return false;
    session.revokedAt = new Date();
    return true;
  }
  async findSessionWithUser(sessionId: string) {
    return this.sessions.get(sessionId) ?? null;
  }
  private store(sessionId: string, token: NewRefreshToken) {
    this.tokens.set(token.tokenHash, { id: randomUUID(), sessionId, ...token, usedAt: null } as RefreshToken);
  }
}

describe('TokenService', () => {
  let repository: FakeAuthRepository;
  let tokens: TokenService;
  let revoked: string[];

  beforeEach(() => {
    repository = new FakeAuthRepository();
    const jwt = new JwtService({ secret: config.auth.jwtSecret });
    tokens = new TokenService(jwt, repository as unknown as AuthRepository, config, new Clock());
    revoked = [];
    tokens.revokedSessions.subscribe((sessionId) => revoked.push(sessionId));
  });

  it('starts a session whose access token names the player, and stores only the hash of the refresh token', async () => {
    const pair = await tokens.startSession(PLAYER);
    const principal = await tokens.authenticate(pair.accessToken);

    expect(principal.user.tgId).toBe(PLAYER);
    expect(repository.sessions.has(principal.sessionId)).toBe(true);
    expect(principal.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect([...repository.tokens.keys()]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(repository.tokens.has(pair.refreshToken)).toBe(false);
  });

  it('rotates a refresh token into a new pair of the same session', async () => {
    const first = await tokens.startSession(PLAYER);
    const second = await tokens.rotate(first.refreshToken);

    expect(second.refreshToken).not.toBe(first.refreshToken);
    const [before, after] = await Promise.all([
      tokens.authenticate(first.accessToken),
      tokens.authenticate(second.accessToken),
    ]);
    expect(after.sessionId).toBe(before.sessionId);
    await expect(tokens.rotate(second.refreshToken)).resolves.toHaveProperty('refreshToken');
  });

  it('closes the whole session when a used refresh token comes back, and says so once', async () => {
    const first = await tokens.startSession(PLAYER);
    const second = await tokens.rotate(first.refreshToken);
    const { sessionId } = await tokens.authenticate(second.accessToken);

    await expect(tokens.rotate(first.refreshToken)).rejects.toMatchObject({
      status: HttpStatus.UNAUTHORIZED,
      response: { message: 'Refresh token was already used; the session is closed. Log in again.' },
    });
    await expect(tokens.rotate(first.refreshToken)).rejects.toMatchObject({
      status: HttpStatus.UNAUTHORIZED,
    });
    expect(revoked).toEqual([sessionId]);
    await expect(tokens.rotate(second.refreshToken)).rejects.toMatchObject({
      response: { message: 'Refresh token is invalid, expired or revoked. Log in again.' },
    });
    await expect(tokens.authenticate(second.accessToken)).rejects.toMatchObject({
      status: HttpStatus.FORBIDDEN,
      response: { message: ErrorText.refreshTokens },
    });
  });

  it('refuses a malformed refresh token without looking it up', async () => {
    repository.findRefreshToken = () => Promise.reject(new Error('looked up'));
    await expect(tokens.rotate('not-a-token')).rejects.toMatchObject({
      status: HttpStatus.UNAUTHORIZED,
      response: { message: 'Invalid refresh token.' },
    });
  });

  it('refuses an access token signed with another secret, or one that is not a JWT', async () => {
    const { accessToken } = await tokens.startSession(PLAYER);
    const { sessionId } = await tokens.authenticate(accessToken);
    const forged = await new JwtService({ secret: 'another secret' }).signAsync({
      sub: String(PLAYER),
      sid: sessionId,
    });

    for (const token of [forged, 'garbage']) {
      await expect(tokens.authenticate(token)).rejects.toMatchObject({
        status: HttpStatus.UNAUTHORIZED,
        response: { message: 'Access token is invalid or expired.' },
      });
    }
  });
});
