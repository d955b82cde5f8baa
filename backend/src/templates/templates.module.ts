import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditModule } from '../admin/audit/audit.module.js';
import { FaceAnalysisModule } from '../face-analysis/face-analysis.module.js';
import { MediaModule } from '../media/media.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { Template } from './entities/template.entity.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';
import { TemplateAdminService } from './template-admin.service.js';
import { TemplateAnimationsService } from './template-animations.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Template]),
    MediaModule,
    FaceAnalysisModule,
    AuditModule,
    RealtimeModule,
  ],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesService, TemplateAdminService, TemplateAnimationsService],
  exports: [TemplatesService, TemplateAdminService],
})
export class TemplatesModule {}
