import type { Request } from 'express';

import type { User } from '../users/entities/user.entity.js';

/** Claims of our access token: the user and the session (refresh-token family) it belongs to. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  /** Expiry (seconds since the epoch), set when the token is signed. */
  exp?: number;
}

export interface Principal {
  user: User;
  sessionId: string;
  /** When the access token stops being valid. */
  expiresAt: Date;
}

/** An access token's claims, checked: who and which session, until when. */
export interface VerifiedAccessToken {
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

/**
 * A request that passed the access-token guard: the token's user and session, and the User entity
 * unless the route checks its session in its own statement (@SessionCheckedInStatement()).
 */
export interface AuthenticatedRequest extends Request {
  user?: User;
  userId: number;
  sessionId: string;
}
