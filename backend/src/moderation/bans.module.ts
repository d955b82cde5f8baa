import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditModule } from '../admin/audit/audit.module.js';
import { UsersModule } from '../users/users.module.js';
import { BanGuard } from './ban.guard.js';
import { BansRepository } from './bans.repository.js';
import { BansService } from './bans.service.js';
import { PlayerBan } from './entities/player-ban.entity.js';

/**
 * Bans. Global, because `@RefuseBanned()` guards routes of many feature modules and its guard needs
 * BansService wherever it runs.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([PlayerBan]), UsersModule, AuditModule],
  providers: [BansRepository, BansService, BanGuard],
  exports: [BansService, BanGuard],
})
export class BansModule {}
