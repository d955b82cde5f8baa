import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app.config.js';
import { DirectoryMediaStorage } from './directory-media.storage.js';
import { ImagesService } from './images.service.js';
import { MediaController } from './media.controller.js';
import { MediaStorage } from './media.storage.js';
import { UploadSlots } from './upload-slots.js';

@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MediaStorage,
      useFactory: (config: AppConfig) => new DirectoryMediaStorage(config.media.dir),
      inject: [AppConfig],
    },
    ImagesService,
    UploadSlots,
  ],
  exports: [MediaStorage, ImagesService, UploadSlots],
})
export class MediaModule {}
