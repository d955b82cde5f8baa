import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator.js';
import { SESSION_CHECKED_IN_STATEMENT_KEY } from '../common/decorators/session-checked-in-statement.decorator.js';
import { TokenService } from './token.service.js';
import type { AuthenticatedRequest } from './auth.types.js';

/**
 * Global guard: every HTTP route needs `Authorization: Bearer <access token>` unless marked @Public().
 * The token's session must be open (checked here, or in the route's own statement where it is marked
 * @SessionCheckedInStatement()).
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new UnauthorizedException('Authentication credentials were not provided.');
    }
    const sessionCheckedInStatement = this.reflector.get<boolean | undefined>(
      SESSION_CHECKED_IN_STATEMENT_KEY,
      context.getHandler(),
    );
    if (sessionCheckedInStatement) {
      const verified = await this.tokens.verifyAccessToken(token);
      request.userId = verified.userId;
      request.sessionId = verified.sessionId;
      return true;
    }
    const principal = await this.tokens.authenticate(token);
    request.user = principal.user;
    request.userId = principal.user.tgId;
    request.sessionId = principal.sessionId;
    return true;
  }
}
