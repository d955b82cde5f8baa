import { ServiceUnavailableException } from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';

/** Seconds a client waits before asking again: the clients reconnect every 0.2–2 s. */
export const REDIS_RETRY_AFTER_SECONDS = 5;

/** A request that needs Redis while it is away: 503 `{detail, code, retryAfter}`, nothing changed. */
export class RedisUnavailableException extends ServiceUnavailableException {
  constructor(detail: string = ErrorText.serviceUnavailable) {
    super({
      detail,
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: REDIS_RETRY_AFTER_SECONDS,
    });
  }
}

/** What ioredis rejects a command with while its server is away (not a reply of the server). */
const CONNECTION_MESSAGES = new Set([
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
]);

/** Whether an error is ioredis giving up on a command because Redis is unreachable. */
export function isRedisConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'MaxRetriesPerRequestError' || CONNECTION_MESSAGES.has(error.message);
}
