import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { createMediaStore, MediaStore } from '@mememint/media';

import { AppConfig } from '../config/app.config.js';
import { ImagesService } from './images.service.js';
import { MediaController } from './media.controller.js';
import { UploadBodyBudget, UploadSlots } from './upload-slots.js';

@Module({
  controllers: [MediaController],
  providers: [
    {
      // A directory or an S3-compatible bucket (MEDIA_STORE), the same store the inference worker uses.
      provide: MediaStore,
      useFactory: (config: AppConfig) => createMediaStore(config.media.store),
      inject: [AppConfig],
    },
    ImagesService,
    UploadSlots,
    UploadBodyBudget,
  ],
  exports: [MediaStore, ImagesService, UploadSlots, UploadBodyBudget],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(private readonly store: MediaStore) {}

  onApplicationShutdown(): void {
    this.store.close();
  }
}
