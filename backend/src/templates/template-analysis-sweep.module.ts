import { Module } from '@nestjs/common';

import { RealtimeModule } from '../realtime/realtime.module.js';
import { TemplateAnalysisSweeperService } from './template-analysis-sweeper.service.js';
import { TemplatesModule } from './templates.module.js';

/** The API's sweep of animated templates' stalled analyses (not in the operator CLI, which has no schedules). */
@Module({
  imports: [TemplatesModule.withSockets(RealtimeModule)],
  providers: [TemplateAnalysisSweeperService],
})
export class TemplateAnalysisSweepModule {}
