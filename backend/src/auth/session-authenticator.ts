import type { Observable } from 'rxjs';
import type { Principal } from './auth.types.js';

/**
 * What a transport other than HTTP (the socket handshake) needs from auth, exported by AuthModule:
 * who an access token names, and which sessions were revoked (their sockets close).
 */
export abstract class SessionAuthenticator {
  /** Rejects like the HTTP guard: 401 for a bad token, 403 (refresh) for a revoked session. */
  abstract authenticate(accessToken: string): Promise<Principal>;
  /** Sessions this process revoked. */
  abstract readonly revokedSessions: Observable<string>;
}
