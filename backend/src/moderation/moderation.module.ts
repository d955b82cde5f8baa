import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditModule } from '../admin/audit/audit.module.js';
import { FeedModule } from '../feed/feed.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { MemeReport } from './entities/meme-report.entity.js';
import { MemeModerationService } from './meme-moderation.service.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/** Players' reports and hiding or restoring memes; the admin routes (src/admin) decide through it. */
@Module({
  imports: [TypeOrmModule.forFeature([MemeReport]), MemesModule, FeedModule, AuditModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, MemeModerationService],
  exports: [ReportsService, MemeModerationService],
})
export class ModerationModule {}
