import { Module } from '@nestjs/common';

import { ModerationModule } from '../moderation/moderation.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { AdminAuditController } from './admin-audit.controller.js';
import { AdminBansController } from './admin-bans.controller.js';
import { AdminGameController } from './admin-game.controller.js';
import { AdminModerationController } from './admin-moderation.controller.js';
import { AdminOperationsModule } from './admin-operations.module.js';
import { AdminPlayersController } from './admin-players.controller.js';
import { AdminTemplatesController } from './admin-templates.controller.js';
import { AuditModule } from './audit/audit.module.js';
import { FiguresRepository } from './figures/figures.repository.js';
import { FiguresService } from './figures/figures.service.js';

/**
 * The HTTP admin API (`/v1/admin/…`, `@AdminOnly()`), beside the admin CLI (admin.cli.ts): thin
 * controllers over the feature modules' services, every write audited by those services.
 */
@Module({
  imports: [AuditModule, ModerationModule, AdminOperationsModule.withSockets(RealtimeModule)],
  controllers: [
    AdminAuditController,
    AdminModerationController,
    AdminBansController,
    AdminTemplatesController,
    AdminPlayersController,
    AdminGameController,
  ],
  providers: [FiguresRepository, FiguresService],
})
export class AdminModule {}
