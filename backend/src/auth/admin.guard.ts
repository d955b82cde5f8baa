import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthenticatedRequest } from './auth.types.js';

/** Admins only; runs after the access-token guard and before the upload is read. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<AuthenticatedRequest>().user?.isAdmin) {
      throw new ForbiddenException('Only admins can do this');
    }
    return true;
  }
}
