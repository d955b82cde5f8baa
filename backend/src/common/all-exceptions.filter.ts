import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { ErrorBody } from '@mememint/contracts';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';

import { isDatabaseConnectionError } from '../database/database-unavailable.js';
import { isDeadlock } from '../database/deadlock.js';
import { isRedisConnectionError, RedisUnavailableException } from '../redis/redis-unavailable.js';

/** Nest wraps body-parser failures in an HttpException whose cause names the failure. */
const bodyParserDetails: Record<string, string> = {
  'entity.too.large': 'Request body is too large',
  'entity.parse.failed': 'Request body is not valid JSON',
  'entity.too.deep': 'Request body is nested too deeply',
  'encoding.unsupported': 'Unsupported request body encoding',
  'charset.unsupported': 'Unsupported request body charset',
};

/**
 * Every error leaves as `{detail: string, …}` with its HTTP status. HttpExceptions keep their
 * status; their message (or the validation messages, joined) becomes `detail`, and a response
 * object that already has `detail` goes out as it is (so `hint`, `retryAfter` pass through).
 * Anything unexpected is logged with the request id and answered with a bare 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { status, body } = this.toBody(exception);
    if (response.headersSent) return;
    // Every 429 (rate limits, the swipe pace, the generation cap) and a busy 503 say when to come back
    // in both ways.
    const retryAfter = (body as { retryAfter?: unknown }).retryAfter;
    if (
      (status === HttpStatus.TOO_MANY_REQUESTS || status === HttpStatus.SERVICE_UNAVAILABLE) &&
      typeof retryAfter === 'number'
    )
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
    response.status(status).json(body);
  }

  private toBody(exception: unknown): { status: number; body: ErrorBody } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const cause = exception.cause as { type?: unknown } | undefined;
      const bodyParserDetail = typeof cause?.type === 'string' ? bodyParserDetails[cause.type] : undefined;
      if (bodyParserDetail) return { status, body: { detail: bodyParserDetail } };
      return { status, body: httpExceptionBody(exception.getResponse(), status) };
    }
    if (isPoolExhausted(exception)) {
      this.logger.warn('No free database connection in time: answered 503');
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { detail: BUSY_DETAIL, retryAfter: 1 } };
    }
    if (isRedisConnectionError(exception)) {
      this.logger.warn('Redis is away: answered 503');
      return unavailable();
    }
    if (isDatabaseConnectionError(exception)) {
      // PostgreSQL stopped or restarting: the pool reconnects by itself once it is back.
      this.logger.warn(`PostgreSQL is out of reach (${(exception as Error).message}): answered 503`);
      return unavailable();
    }
    if (isDeadlock(exception)) {
      // Locks are taken in one order, yet PostgreSQL may still pick a victim (a settlement paying
      // authors then voters): its transaction was rolled back whole, so the client can simply retry.
      this.logger.warn('A deadlock victim rolled back: answered 503');
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { detail: BUSY_DETAIL, retryAfter: 1 } };
    }
    // The request line (id, method, path without its query) comes from the request logger's context;
    // `error`, not pino's `err`, whose serializer would copy every field of the error back in.
    this.logger.error({ error: loggableError(exception) }, 'Unhandled error while serving a request');
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: 'Internal server error' } };
  }
}

const BUSY_DETAIL = 'The server is busy, try again in a moment';

/** A dependency (Redis, PostgreSQL) is out of reach: 503 `{detail, code: "SERVICE_UNAVAILABLE", retryAfter}`. */
function unavailable(): { status: number; body: ErrorBody } {
  const exception = new RedisUnavailableException();
  return { status: exception.getStatus(), body: exception.getResponse() as ErrorBody };
}

/**
 * pg-pool's error when no connection frees up within DATABASE_POOL_TIMEOUT_MS: overload, not a bug,
 * so the client hears 503 and when to retry rather than a 500.
 */
function isPoolExhausted(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/** Fields of a PostgreSQL error that name what failed, never the values involved. */
const DATABASE_ERROR_FIELDS = ['code', 'routine', 'table', 'column', 'constraint'] as const;

/**
 * What a log may keep of an unexpected error: its type, message and stack, and for a failed query
 * its SQL text with placeholders and the PostgreSQL code and names. Everything else an error carries
 * is left out, above all TypeORM's `parameters` and the driver's `detail`, which hold players' data.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const loggable: Record<string, unknown> = {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
  };
  if (error instanceof QueryFailedError) {
    loggable.query = error.query;
    const driverError = error.driverError as Record<string, unknown> | undefined;
    for (const field of DATABASE_ERROR_FIELDS) {
      if (typeof driverError?.[field] === 'string') loggable[field] = driverError[field];
    }
  }
  return loggable;
}

function httpExceptionBody(response: string | object, status: number): ErrorBody {
  if (typeof response === 'string') return { detail: response };
  const fields = response as Record<string, unknown>;
  if (typeof fields.detail === 'string') return fields as unknown as ErrorBody;
  const message = fields.message;
  if (Array.isArray(message) && message.length) return { detail: message.map(String).join('; ') };
  if (typeof message === 'string' && message) return { detail: message };
  return { detail: statusText(status) };
}

function statusText(status: number): string {
  const name = HttpStatus[status] as string | undefined;
  if (!name) return 'Request failed';
  const words = name.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
