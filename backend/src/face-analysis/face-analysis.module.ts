import { Module } from '@nestjs/common';

import { AnalysisQueue } from './analysis-queue.js';

/** Face analyses by the inference worker (the analyse job), for face photos, templates and own photos. */
@Module({
  providers: [AnalysisQueue],
  exports: [AnalysisQueue],
})
export class FaceAnalysisModule {}
