import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Repository } from 'typeorm';

import { AuthSession } from './entities/auth-session.entity.js';
import { RefreshToken } from './entities/refresh-token.entity.js';

/** A refresh token as stored: its SHA-256, never the token. */
export interface NewRefreshToken {
  tokenHash: string;
  expiresAt: Date;
}

/** An exchanged refresh token: whose session, and when. */
export interface RotatedRefreshToken {
  userId: number;
  sessionId: string;
  usedAt: Date;
}

interface RotatedRow {
  session_id: string;
  user_id: string;
  used_at: Date;
}

function rotated(row: RotatedRow): RotatedRefreshToken {
  return { userId: Number(row.user_id), sessionId: row.session_id, usedAt: new Date(row.used_at) };
}

/** The auth_sessions and refresh_tokens tables. */
@Injectable()
export class AuthRepository {
  constructor(
    @InjectRepository(AuthSession) private readonly sessions: Repository<AuthSession>,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
  ) {}

  /** A new session with its first refresh token; answers the session's id. */
  openSession(userId: number, refreshToken: NewRefreshToken): Promise<string> {
    return this.sessions.manager.transaction(async (em) => {
      const sessionId = randomUUID();
      await em.insert(AuthSession, { id: sessionId, userId, revokedAt: null });
      await this.insertRefreshToken(em, sessionId, refreshToken);
      return sessionId;
    });
  }

  /**
   * Marks an unused, unexpired refresh token of an open session used (at `now`, the app's clock) and
   * stores its successor, in one transaction. The update is conditional: of concurrent exchanges of
   * one token exactly one sees `used_at IS NULL` and gets the session; the others get null.
   */
  rotateRefreshToken(
    tokenHash: string,
    next: NewRefreshToken,
    now: Date,
  ): Promise<RotatedRefreshToken | null> {
    return this.sessions.manager.transaction(async (em) => {
      const claimed: [RotatedRow[], number] = await em.query(
        `UPDATE refresh_tokens rt SET used_at = $2
           FROM auth_sessions s
          WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
            AND s.id = rt.session_id AND s.revoked_at IS NULL
          RETURNING rt.session_id, s.user_id, rt.used_at`,
        [tokenHash, now],
      );
      const row = claimed[0][0];
      if (!row) return null;
      await this.insertRefreshToken(em, row.session_id, next);
      return rotated(row);
    });
  }

  /**
   * A token of an open session exchanged at or after `since` (the reuse grace): its exchange, to be
   * answered again; null when it was not, or longer ago, or its session is closed.
   */
  async findRecentExchange(tokenHash: string, since: Date): Promise<RotatedRefreshToken | null> {
    const rows: RotatedRow[] = await this.refreshTokens.query(
      `SELECT rt.session_id, s.user_id, rt.used_at
         FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = $1 AND rt.used_at >= $2 AND s.revoked_at IS NULL`,
      [tokenHash, since],
    );
    return rows[0] ? rotated(rows[0]) : null;
  }

  findRefreshToken(tokenHash: string): Promise<RefreshToken | null> {
    return this.refreshTokens.findOneBy({ tokenHash });
  }

  /** Revokes an open session; false when it was revoked already. */
  async revokeSession(sessionId: string): Promise<boolean> {
    const revoked = await this.sessions.update(
      { id: sessionId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
    return (revoked.affected ?? 0) > 0;
  }

  /**
   * The SQL condition, for a caller's own statement, that the session `sessionId` (an SQL
   * expression) is open and belongs to the user `userId` (one too).
   */
  openSessionCondition(sessionId: string, userId: string): string {
    return `EXISTS (SELECT 1 FROM auth_sessions a
                     WHERE a.id = ${sessionId} AND a.user_id = ${userId} AND a.revoked_at IS NULL)`;
  }

  findSessionWithUser(sessionId: string): Promise<AuthSession | null> {
    return this.sessions.findOne({ where: { id: sessionId }, relations: { user: true } });
  }

  private async insertRefreshToken(
    em: EntityManager,
    sessionId: string,
    token: NewRefreshToken,
  ): Promise<void> {
    await em.insert(RefreshToken, { id: randomUUID(), sessionId, ...token, usedAt: null });
  }
}
