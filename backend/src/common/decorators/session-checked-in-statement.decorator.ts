import { SetMetadata } from '@nestjs/common';

export const SESSION_CHECKED_IN_STATEMENT_KEY = 'mememint:sessionCheckedInStatement';

/**
 * A hot write route whose own statement checks that the session is open (with
 * SessionAuthenticator.openSessionCondition), in the statement that charges, so a revoked session
 * changes nothing. The access-token guard then checks the token alone (signature, expiry, claims)
 * and loads no user: the handler takes @CurrentSession(), and the request does not count as the
 * day's visit. It saves the session lookup's round trips on every request of the route.
 */
export const SessionCheckedInStatement = () => SetMetadata(SESSION_CHECKED_IN_STATEMENT_KEY, true);
