import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse } from '@nestjs/swagger';

import { AdminGuard } from '../auth/admin.guard.js';

/** An admin route (a controller or one handler): 403 `{detail}` for anyone not `isAdmin`. */
export const AdminOnly = () =>
  applyDecorators(
    ApiBearerAuth(),
    UseGuards(AdminGuard),
    ApiForbiddenResponse({ description: 'Not an admin' }),
  );
