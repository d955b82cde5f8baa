import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { FaceAnalysisModule } from '../face-analysis/face-analysis.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { MediaModule } from '../media/media.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { CaptionQueue } from './caption-queue.js';
import { CaptionVersions } from './caption-versions.js';
import { Meme } from './entities/meme.entity.js';
import { PendingLike } from './entities/pending-like.entity.js';
import { MemeLikesRepository } from './meme-likes.repository.js';
import { MemeLikesService } from './meme-likes.service.js';
import { MemePageController } from './meme-page.controller.js';
import { MemePageService } from './meme-page.service.js';
import { MemesController } from './memes.controller.js';
import { MemesRepository } from './memes.repository.js';
import { MemesService } from './memes.service.js';
import { PublishedMemesService } from './published-memes.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Meme, PendingLike]),
    MediaModule,
    LedgerModule,
    RealtimeModule,
    FaceAnalysisModule,
  ],
  controllers: [MemesController, MemePageController],
  providers: [
    CaptionQueue,
    CaptionVersions,
    MemesRepository,
    MemesService,
    MemePageService,
    MemeLikesRepository,
    MemeLikesService,
    PublishedMemesService,
  ],
  exports: [MemesService, MemeLikesService, CaptionQueue],
})
export class MemesModule {}
