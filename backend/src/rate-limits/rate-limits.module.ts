import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';

import { RateLimitInterceptor } from './rate-limit.interceptor.js';
import { RateLimitsService } from './rate-limits.service.js';

/** Per-player and per-address request limits in Redis (`@RateLimit(…)` on a handler). */
@Module({
  providers: [RateLimitsService, { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor }],
  exports: [RateLimitsService],
})
export class RateLimitsModule {}
