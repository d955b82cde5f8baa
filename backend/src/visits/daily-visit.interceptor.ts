import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { from, type Observable, switchMap } from 'rxjs';

import type { AuthenticatedRequest } from '../auth/auth.types.js';
import { VisitsService } from './visits.service.js';

/**
 * Global: an HTTP request the access-token guard authenticated first records the player's visit
 * of the day (and runs the daily hooks) before its handler, so that response already shows the
 * day's bonus. Public routes pass untouched.
 */
@Injectable()
export class DailyVisitInterceptor implements NestInterceptor {
  constructor(private readonly visits: VisitsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const user = context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>().user;
    if (!user) return next.handle();
    return from(this.visits.visit(user)).pipe(switchMap(() => next.handle()));
  }
}
