import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Subject } from 'rxjs';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { ErrorText } from '@mememint/contracts';
import { isUuid } from '../common/uuid.js';
import { AppConfig } from '../config/app.config.js';
import { AuthSession } from './entities/auth-session.entity.js';
import { RefreshToken } from './entities/refresh-token.entity.js';
import type { AccessTokenClaims, Principal } from './auth.types.js';

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
 * stored as SHA-256, rotated on every use). A rotated refresh token presented again revokes its
 * whole session, so a stolen token and its thief's descendants stop working together.
 */
@Injectable()
export class TokenService {
  /** Sessions this process revoked; the realtime gateway closes their sockets (on every replica). */
  readonly revokedSessions = new Subject<string>();

  constructor(
    private readonly jwt: JwtService,
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Starts a new session for a user who just proved who they are. */
  startSession(userId: number): Promise<TokenPair> {
    return this.dataSource.transaction(async (em) => {
      const sessionId = randomUUID();
      await em.insert(AuthSession, { id: sessionId, userId, revokedAt: null });
      return this.issue(em, userId, sessionId);
    });
  }

  /** Exchanges a refresh token for a new pair; any failure is a 401 with a detail. */
  async rotate(refreshToken: string): Promise<TokenPair> {
    if (!REFRESH_TOKEN_PATTERN.test(refreshToken)) throw new UnauthorizedException('Invalid refresh token.');
    const tokenHash = hashRefreshToken(refreshToken);

    const rotated = await this.dataSource.transaction(async (em) => {
      // Conditional update: of concurrent exchanges of one token exactly one sees used_at IS NULL.
      const claimed: [{ session_id: string; user_id: string }[], number] = await em.query(
        `UPDATE refresh_tokens rt SET used_at = now()
           FROM auth_sessions s
          WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
            AND s.id = rt.session_id AND s.revoked_at IS NULL
          RETURNING rt.session_id, s.user_id`,
        [tokenHash],
      );
      const row = claimed[0][0];
      return row ? this.issue(em, Number(row.user_id), row.session_id) : null;
    });
    if (rotated) return rotated;

    const known = await this.dataSource.manager.findOneBy(RefreshToken, { tokenHash });
    if (known?.usedAt) {
      const revoked = await this.dataSource.manager.update(
        AuthSession,
        { id: known.sessionId, revokedAt: IsNull() },
        { revokedAt: () => 'now()' },
      );
      if (revoked.affected) this.revokedSessions.next(known.sessionId);
      throw new UnauthorizedException('Refresh token was already used; the session is closed. Log in again.');
    }
    throw new UnauthorizedException('Refresh token is invalid, expired or revoked. Log in again.');
  }

  /**
   * Resolves an access token to its user. Missing, malformed, badly signed or expired → 401; a valid
   * token whose session was revoked → 403 with the text that makes the client refresh.
   */
  async authenticate(accessToken: string): Promise<Principal> {
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
    const session = await this.dataSource.manager.findOne(AuthSession, {
      where: { id: claims.sid },
      relations: { user: true },
    });
    if (!session?.user || session.userId !== Number(claims.sub) || session.revokedAt !== null) {
      throw new ForbiddenException(ErrorText.refreshTokens);
    }
    return { user: session.user, sessionId: session.id, expiresAt: new Date(claims.exp * 1000) };
  }

  private async issue(em: EntityManager, userId: number, sessionId: string): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await em.insert(RefreshToken, {
      id: randomUUID(),
      sessionId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + this.config.auth.refreshTokenTtlDays * 86_400_000),
      usedAt: null,
    });
    const claims: AccessTokenClaims = { sub: String(userId), sid: sessionId };
    const accessToken = await this.jwt.signAsync(claims, {
      expiresIn: this.config.auth.accessTokenTtlSeconds,
      algorithm: 'HS256',
    });
    return { accessToken, refreshToken };
  }
}
