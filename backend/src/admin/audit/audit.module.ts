import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { AuditEntry } from './entities/audit-entry.entity.js';

/** The audit log, shared by the admin routes, the admin CLI and moderation. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry])],
  providers: [AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
