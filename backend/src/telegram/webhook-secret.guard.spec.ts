import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { UnauthorizedException } from '@nestjs/common';

import { AppConfig } from '../config/app.config.js';
import { WebhookSecretGuard } from './webhook-secret.guard.js';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mememint';

function requestWith(secret: string | undefined): ExecutionContext {
  const headers = secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret };
  return { switchToHttp: () => ({ getRequest: () => ({ headers }) }) } as unknown as ExecutionContext;
}

describe('WebhookSecretGuard', () => {
  it('passes exactly the configured secret', () => {
    const guard = new WebhookSecretGuard(
      new AppConfig({ DATABASE_URL, TELEGRAM_WEBHOOK_SECRET: 'abc_DEF-123' }),
    );
    expect(guard.canActivate(requestWith('abc_DEF-123'))).toBe(true);
    for (const wrong of [undefined, '', 'abc_DEF-12', 'abc_DEF-1234', 'ABC_DEF-123'])
      expect(() => guard.canActivate(requestWith(wrong))).toThrow(UnauthorizedException);
  });

  it('refuses every call when no secret is configured', () => {
    const guard = new WebhookSecretGuard(new AppConfig({ DATABASE_URL }));
    for (const secret of [undefined, '', 'anything'])
      expect(() => guard.canActivate(requestWith(secret))).toThrow(UnauthorizedException);
  });
});
