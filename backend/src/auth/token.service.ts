import { createHash, createHmac, randomBytes } from 'node:crypto';

import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Subject } from 'rxjs';
import { ErrorText } from '@mememint/contracts';

import { Clock } from '../common/clock.js';
import { isUuid } from '../common/uuid.js';
import { AppConfig } from '../config/app.config.js';
import { AuthRepository, type NewRefreshToken, type RotatedRefreshToken } from './auth.repository.js';
import type { AccessTokenClaims, Principal, VerifiedAccessToken } from './auth.types.js';
import type { SessionAuthenticator } from './session-authenticator.js';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

const REFRESH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Access tokens (short JWTs naming the user and the session) and refresh tokens (opaque, single use,
 * stored as SHA-256, rotated on every use). A rotated refresh token presented again within
 * REFRESH_REUSE_GRACE_SECONDS of its exchange (two tabs refreshing at once, a retry after a lost
 * answer) answers the same new pair; later it revokes its whole session, so a stolen token and its
 * thief's descendants stop working together. The same pair needs no stored secret: the successor is
 * an HMAC of the token under the JWT secret, and the access token is signed as of the exchange.
 */
@Injectable()
export class TokenService implements SessionAuthenticator {
  /** Sessions this process revoked; the realtime gateway closes their sockets (on every replica). */
  readonly revokedSessions = new Subject<string>();

  constructor(
    private readonly jwt: JwtService,
    private readonly repository: AuthRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Starts a new session for a user who just proved who they are. */
  async startSession(userId: number): Promise<TokenPair> {
    const refresh = this.newRefreshToken();
    const sessionId = await this.repository.openSession(userId, refresh.stored);
    return { accessToken: await this.signAccessToken(userId, sessionId), refreshToken: refresh.token };
  }

  /** Exchanges a refresh token for a new pair; any failure is a 401 with a detail. */
  async rotate(refreshToken: string): Promise<TokenPair> {
    if (!REFRESH_TOKEN_PATTERN.test(refreshToken)) throw new UnauthorizedException('Invalid refresh token.');
    const tokenHash = hashRefreshToken(refreshToken);
    const now = this.clock.now();

    const next = this.successorOf(refreshToken);
    const rotated = await this.repository.rotateRefreshToken(tokenHash, next.stored, now);
    if (rotated) return this.exchangedPair(rotated, next.token);

    const graceMs = this.config.auth.refreshReuseGraceSeconds * 1000;
    const recent =
      graceMs > 0 && (await this.repository.findRecentExchange(tokenHash, new Date(now.getTime() - graceMs)));
    if (recent) return this.exchangedPair(recent, next.token);

    const known = await this.repository.findRefreshToken(tokenHash);
    if (known?.usedAt) {
      if (await this.repository.revokeSession(known.sessionId)) this.revokedSessions.next(known.sessionId);
      throw new UnauthorizedException('Refresh token was already used; the session is closed. Log in again.');
    }
    throw new UnauthorizedException('Refresh token is invalid, expired or revoked. Log in again.');
  }

  /**
   * Checks an access token alone: signature, expiry and claims. Missing, malformed, badly signed or
   * expired → 401. Whether its session is still open is `authenticate`'s (or the caller's statement's).
   */
  async verifyAccessToken(accessToken: string): Promise<VerifiedAccessToken> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(accessToken, { algorithms: ['HS256'] });
    } catch {
      throw new UnauthorizedException('Access token is invalid or expired.');
    }
    if (
      typeof claims.sid !== 'string' ||
      !isUuid(claims.sid) ||
      !/^[1-9][0-9]*$/.test(claims.sub) ||
      typeof claims.exp !== 'number'
    ) {
      throw new UnauthorizedException('Access token is invalid or expired.');
    }
    return { userId: Number(claims.sub), sessionId: claims.sid, expiresAt: new Date(claims.exp * 1000) };
  }

  /**
   * Resolves an access token to its user: 401 as `verifyAccessToken`, and for a session that is gone
   * with its deleted account; a valid token whose session was revoked → 403 with the text that makes
   * the client refresh.
   */
  async authenticate(accessToken: string): Promise<Principal> {
    const token = await this.verifyAccessToken(accessToken);
    const session = await this.repository.findSessionWithUser(token.sessionId);
    if (!session?.user) throw new UnauthorizedException('Access token is invalid or expired.');
    if (session.userId !== token.userId || session.revokedAt !== null) {
      throw new ForbiddenException(ErrorText.refreshTokens);
    }
    return { user: session.user, sessionId: session.id, expiresAt: token.expiresAt };
  }

  openSessionCondition(sessionId: string, userId: string): string {
    return this.repository.openSessionCondition(sessionId, userId);
  }

  private newRefreshToken(token = randomBytes(32).toString('base64url')): {
    token: string;
    stored: NewRefreshToken;
  } {
    const expiresAt = new Date(Date.now() + this.config.auth.refreshTokenTtlDays * 86_400_000);
    return { token, stored: { tokenHash: hashRefreshToken(token), expiresAt } };
  }

  /** The one token that follows `token`: whoever exchanges it, on any replica, gets this one. */
  private successorOf(token: string): { token: string; stored: NewRefreshToken } {
    const successor = createHmac('sha256', this.config.auth.jwtSecret)
      .update(`refresh-successor:${token}`)
      .digest('base64url');
    return this.newRefreshToken(successor);
  }

  /** The pair an exchange answers, the same each time: its access token is issued as of the exchange. */
  private async exchangedPair(exchange: RotatedRefreshToken, refreshToken: string): Promise<TokenPair> {
    const issuedAt = Math.floor(exchange.usedAt.getTime() / 1000);
    const accessToken = await this.signAccessToken(exchange.userId, exchange.sessionId, issuedAt);
    return { accessToken, refreshToken };
  }

  private signAccessToken(userId: number, sessionId: string, issuedAt?: number): Promise<string> {
    const claims: AccessTokenClaims = {
      sub: String(userId),
      sid: sessionId,
      ...(issuedAt === undefined ? {} : { iat: issuedAt }),
    };
    return this.jwt.signAsync(claims, {
      expiresIn: this.config.auth.accessTokenTtlSeconds,
      algorithm: 'HS256',
    });
  }
}
