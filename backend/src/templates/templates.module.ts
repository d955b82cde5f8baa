import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditModule } from '../admin/audit/audit.module.js';
import { FaceAnalysisModule } from '../face-analysis/face-analysis.module.js';
import { MediaModule } from '../media/media.module.js';
import { Template } from './entities/template.entity.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';
import { TemplateAdminService } from './template-admin.service.js';
import { TemplateAnimationsService } from './template-animations.service.js';

/** Templates: the catalogue, the admin's uploads and the analysis of animated ones. */
@Module({})
export class TemplatesModule {
  /**
   * With the player sockets of the process (an animation's analysis tells its admin): RealtimeModule
   * in the API, RealtimeEmitterModule in the admin CLI.
   */
  static withSockets(sockets: Type): DynamicModule {
    return {
      module: TemplatesModule,
      imports: [TypeOrmModule.forFeature([Template]), MediaModule, FaceAnalysisModule, AuditModule, sockets],
      controllers: [TemplatesController],
      providers: [TemplatesRepository, TemplatesService, TemplateAdminService, TemplateAnimationsService],
      exports: [TemplatesService, TemplateAdminService, TemplatesRepository, TemplateAnimationsService],
    };
  }
}
