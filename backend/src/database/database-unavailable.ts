import { QueryFailedError } from 'typeorm';

/** Socket errors of a connection to PostgreSQL that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01–57P03 (admin or crash shutdown, cannot connect now) and 53300 (too many connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** What node-postgres says when the server closed the connection or never answered. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * Whether an error is PostgreSQL being out of reach (stopped, restarting, the network down) rather
 * than a bug or a client's input: the request is answered 503 and may be tried again later.
 */
export function isDatabaseConnectionError(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: the socket's errors may come from another realm.
  const cause = (error instanceof QueryFailedError ? error.driverError : error) as
    { code?: unknown; message?: unknown } | null | undefined;
  if (typeof cause !== 'object' || cause === null) return false;
  const { code, message } = cause;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((known) => message.startsWith(known));
}
