import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorText } from '@mememint/contracts';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';

import { AppConfig } from '../config/app.config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { RedisUnavailableException } from '../redis/redis-unavailable.js';
import { RATE_LIMITS_KEY, type PlayerLimit, type RateLimitName } from './rate-limit.decorator.js';
import { type Counter, RateLimitsService } from './rate-limits.service.js';

/**
 * Limits that must hold across replicas (what is expensive or moves money): while Redis is away
 * their routes answer 503 instead of counting in each process.
 */
const SHARED_ONLY: readonly RateLimitName[] = ['uploads', 'generations', 'payments'];

/** A failed login or refresh: what a brute force produces. */
const AUTH_FAILURE_STATUSES: readonly number[] = [HttpStatus.UNAUTHORIZED, HttpStatus.FORBIDDEN];

interface NamedCounter extends Counter {
  /** The metric label of the limit (`generations:player`, `auth-failures:address`, …). */
  name: string;
}

/**
 * Enforces the `@RateLimit(…)` of a handler before it runs (after the access-token guard, before
 * the upload is read): per player, and per address (`req.ip`, the client's address behind the
 * proxies TRUST_PROXY trusts). Refusals answer 429 `{detail, retryAfter}` with a Retry-After header (the
 * exception filter adds it). Login and refresh also count their failures per address, and refuse
 * once an address has failed too often in the window, so guessing init data or refresh tokens from
 * one address stops while the players behind a shared address still log in. While Redis is away
 * the counters are this process's, and the routes of SHARED_ONLY limits answer 503
 * `{detail, code: "SERVICE_UNAVAILABLE", retryAfter}`.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitsService,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const names = this.reflector.get<RateLimitName[] | undefined>(RATE_LIMITS_KEY, context.getHandler());
    if (!names?.length) return next.handle();
    const request = context.switchToHttp().getRequest<Request & { userId?: number }>();
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const windowMs = this.config.rateLimits.windowSeconds * 1000;

    if (names.some((name) => SHARED_ONLY.includes(name)) && !this.limits.available())
      throw new RedisUnavailableException();
    const counters = this.countersOf(names, request, address);
    const refusal = await this.limits.take(counters, windowMs);
    if (refusal) {
      const counter = counters.find((c) => c.key === refusal.key)!;
      this.metrics.countRateLimitRefusal(counter.name);
      throw new HttpException(
        { detail: ErrorText.requestLimitExceeded, retryAfter: Math.ceil(refusal.retryAfterMs / 1000) },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }

    const failureLimit = this.config.rateLimits.authFailuresPerAddress;
    if (!names.includes('auth') || failureLimit === 0) return next.handle();
    return next.handle().pipe(
      catchError((error: unknown) => {
        const failed = error instanceof HttpException && AUTH_FAILURE_STATUSES.includes(error.getStatus());
        if (!failed) return throwError(() => error);
        return from(this.limits.record(failuresKey(address), windowMs)).pipe(
          mergeMap(() => throwError(() => error)),
        );
      }),
    );
  }

  private countersOf(names: RateLimitName[], request: Request & { userId?: number }, address: string) {
    const limits = this.config.rateLimits;
    const counters: NamedCounter[] = [];
    const add = (name: string, key: string, limit: number, hit = true) => {
      if (limit > 0) counters.push({ name, key, limit, hit });
    };
    if (names.includes('auth')) {
      add('auth-failures:address', failuresKey(address), limits.authFailuresPerAddress, false);
      add('auth:address', `rl:auth:a:${address}`, limits.authPerAddress);
    }
    const playerLimits = names.filter((name): name is PlayerLimit => name !== 'auth');
    if (playerLimits.length > 0) {
      add('player-routes:address', `rl:player-routes:a:${address}`, limits.playerRoutesPerAddress);
      const player = request.userId;
      for (const name of playerLimits) {
        // A generation counts as an upload when its body is multipart (how a photo comes; the file
        // itself is only known once the body is read, which a refused request must not cost).
        if (name === 'uploads' && !request.is('multipart/form-data')) continue;
        if (player !== undefined) add(`${name}:player`, `rl:${name}:p:${player}`, limits.perPlayer[name]);
      }
    }
    return counters;
  }
}

function failuresKey(address: string): string {
  return `rl:auth-failures:a:${address}`;
}
