import { Module } from '@nestjs/common';
import { ModerationModule } from '../moderation/moderation.module.js';
import { AdminAuditController } from './admin-audit.controller.js';
import { AdminBansController } from './admin-bans.controller.js';
import { AdminModerationController } from './admin-moderation.controller.js';
import { AuditModule } from './audit/audit.module.js';

/**
 * The HTTP admin API (`/v1/admin/…`, `@AdminOnly()`), beside the admin CLI (admin.cli.ts): thin
 * controllers over the feature modules' services, every write audited by those services.
 */
@Module({
  imports: [AuditModule, ModerationModule],
  controllers: [AdminAuditController, AdminModerationController, AdminBansController],
})
export class AdminModule {}
