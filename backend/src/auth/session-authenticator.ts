import type { Observable } from 'rxjs';

import type { Principal } from './auth.types.js';

/**
 * What other modules need from auth, exported by AuthModule: who an access token names (a transport
 * other than HTTP: the socket handshake), which sessions were revoked (their sockets close), and the
 * session check of a route that makes it in its own statement (@SessionCheckedInStatement()).
 */
export abstract class SessionAuthenticator {
  /** Rejects like the HTTP guard: 401 for a bad token, 403 (refresh) for a revoked session. */
  abstract authenticate(accessToken: string): Promise<Principal>;
  /**
   * The SQL condition that a session is open and the user's, for the caller's own statement;
   * `sessionId` and `userId` are SQL expressions (the caller's columns).
   */
  abstract openSessionCondition(sessionId: string, userId: string): string;
  /** Sessions this process revoked. */
  abstract readonly revokedSessions: Observable<string>;
}
