import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * The signed-in User entity, which the access-token guard put on the request:
 * `@CurrentUser() user: User`. Here in common so that modules below auth (users) can use it.
 */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const user = context.switchToHttp().getRequest<{ user?: unknown }>().user;
  // A route marked @SessionCheckedInStatement() gets no entity: it asks for @CurrentSession().
  if (!user) throw new Error('@CurrentUser() on a route whose guard loaded no user.');
  return user;
});

/** Who an access token names: the user's id and the session (refresh-token family). */
export interface SessionRef {
  userId: number;
  sessionId: string;
}

/** The access token's user and session, on every authenticated route: `@CurrentSession() session: SessionRef`. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionRef => {
    const request = context.switchToHttp().getRequest<Partial<SessionRef>>();
    if (request.userId === undefined || request.sessionId === undefined)
      throw new Error('@CurrentSession() on a route without an access token.');
    return { userId: request.userId, sessionId: request.sessionId };
  },
);
