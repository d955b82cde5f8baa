import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { MediaModule } from '../media/media.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { QuestsModule } from '../quests/quests.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { TelegramModule } from '../telegram/telegram.module.js';
import { PackSticker } from './entities/pack-sticker.entity.js';
import { StickerPack } from './entities/sticker-pack.entity.js';
import { StickersController } from './stickers.controller.js';
import { StickersProcessor } from './stickers.processor.js';
import { StickersQueue } from './stickers-queue.js';
import { StickersRepository } from './stickers.repository.js';
import { StickersService } from './stickers.service.js';
import { VideoStickerQueue } from './video-sticker-queue.js';

/** Telegram sticker packs from a player's memes (the stickers queue runs in the backend). */
@Module({
  imports: [
    TypeOrmModule.forFeature([StickerPack, PackSticker]),
    MediaModule,
    MemesModule,
    QuestsModule,
    RealtimeModule,
    TelegramModule,
  ],
  controllers: [StickersController],
  providers: [StickersRepository, StickersService, StickersQueue, StickersProcessor, VideoStickerQueue],
})
export class StickersModule {}
