import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * The signed-in User entity, which the access-token guard put on the request:
 * `@CurrentUser() user: User`. Here in common so that modules below auth (users) can use it.
 */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<{ user?: unknown }>().user;
});
