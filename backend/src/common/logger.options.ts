import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Params } from 'nestjs-pino';

import type { AppConfig } from '../config/app.config.js';

const REQUEST_ID_HEADER = 'x-request-id';
/** Accept a caller's request id only when it looks like one (no log injection). */
const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * JSON logs with one id per request (taken from X-Request-Id when sane, echoed back); secrets
 * and Telegram init data never reach the log.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-telegram-bot-api-secret-token"]',
          'res.headers["set-cookie"]',
          '*.initData',
          '*.refreshToken',
          '*.jwtToken',
          '*.newJwtToken',
          '*.newRefreshToken',
          '*.token',
        ],
        censor: '[redacted]',
      },
      // Query strings can carry init data or tokens: log the path only. A response is its status: its
      // headers (the CSP alone is ~1 KB) made every line of a refused request 1.5 KB.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // pino-http makes an error of every 5xx with its own stack, which says nothing: a real
        // failure's stack is logged once by the exception filter, with the request id.
        err: (error: { message: string }) => ({ message: error.message }),
      },
      // A 4xx is the client's business (a refused vote, an expired token): info, like any answer. A
      // 503 is a refusal by design (busy, or a dependency away, whose cause the filter logs): warn.
      customLogLevel: (_req, res, error) => {
        if (res.statusCode === 503) return 'warn';
        return error || res.statusCode >= 500 ? 'error' : 'info';
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}
