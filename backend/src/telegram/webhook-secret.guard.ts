import { createHash, timingSafeEqual } from 'node:crypto';

import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';

import { AppConfig } from '../config/app.config.js';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The webhook is Telegram's only if it carries our secret token. Digests of equal length are
 * compared in constant time, so neither the secret nor its length leaks through timing.
 */
@Injectable()
export class WebhookSecretGuard implements CanActivate {
  /** Without a configured secret nothing is Telegram's. */
  private readonly expected: Buffer | null;

  constructor(config: AppConfig) {
    const secret = config.telegram.webhookSecret;
    this.expected = secret === undefined ? null : digest(secret);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<Request>().headers[SECRET_HEADER];
    if (
      this.expected === null ||
      typeof header !== 'string' ||
      !timingSafeEqual(digest(header), this.expected)
    )
      throw new UnauthorizedException('Invalid webhook secret token');
    return true;
  }
}
