import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';

import type { AuthenticatedRequest } from './auth.types.js';

/**
 * The one admin guard (`@AdminOnly()` on the admin routes): admins only. Runs after the access-token
 * guard and before the upload is read.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<AuthenticatedRequest>().user?.isAdmin) {
      throw new ForbiddenException(ErrorText.onlyAdmins);
    }
    return true;
  }
}
