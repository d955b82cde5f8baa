import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { FaceAnalysisModule } from '../face-analysis/face-analysis.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { MediaModule } from '../media/media.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { UsersModule } from '../users/users.module.js';
import { Generation } from './entities/generation.entity.js';
import { PlayerFace } from './entities/player-face.entity.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';
import { GenerationQueue } from './generation-queue.js';
import { GenerationQueueListener } from './generation-queue.listener.js';
import { FaceRetentionService } from './face-retention.service.js';
import { GenerationSweeperService } from './generation-sweeper.service.js';
import { GenerationsController } from './generations.controller.js';
import { GenerationsRepository } from './generations.repository.js';
import { GenerationsService } from './generations.service.js';
import { PlayerFacesController } from './player-faces.controller.js';
import { PlayerFacesService } from './player-faces.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Generation, PlayerFace]),
    FaceAnalysisModule,
    LedgerModule,
    MediaModule,
    MemesModule,
    RealtimeModule,
    TemplatesModule.withSockets(RealtimeModule),
    UsersModule,
  ],
  controllers: [GenerationsController, PlayerFacesController],
  providers: [
    GenerationsRepository,
    GenerationQueue,
    GenerationsService,
    PlayerFacesService,
    GenerationOutcomesService,
    GenerationQueueListener,
    GenerationSweeperService,
    FaceRetentionService,
  ],
})
export class GenerationsModule {}
