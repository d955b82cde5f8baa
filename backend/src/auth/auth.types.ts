import type { Request } from 'express';
import type { User } from '../users/entities/user.entity.js';

/** Claims of our access token: the user and the session (refresh-token family) it belongs to. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
}

export interface Principal {
  user: User;
  sessionId: string;
}

/** A request that passed the access-token guard. */
export interface AuthenticatedRequest extends Request {
  user: User;
  sessionId: string;
}
