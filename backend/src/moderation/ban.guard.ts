import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';

import type { AuthenticatedRequest } from '../auth/auth.types.js';
import { BannedException } from './banned.exception.js';
import { BansService } from './bans.service.js';

/** Refuses a banned player (403 BANNED); runs after the access-token guard, before any upload is read. */
@Injectable()
export class BanGuard implements CanActivate {
  constructor(private readonly bans: BansService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { userId } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const ban = await this.bans.activeBan(userId);
    if (ban) throw new BannedException(ban.until);
    return true;
  }
}

/**
 * A write of the game that a banned player may not make (publish, upload, generate, vote, pay,
 * report, …). The swipe checks the ban in its own statement instead.
 */
export const RefuseBanned = () =>
  applyDecorators(
    UseGuards(BanGuard),
    ApiForbiddenResponse({ description: 'The player is banned: `{detail, code: "BANNED", until}`' }),
  );
