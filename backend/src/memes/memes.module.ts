import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '../media/media.module.js';
import { Meme } from './entities/meme.entity.js';
import { MemePageController } from './meme-page.controller.js';
import { MemePageService } from './meme-page.service.js';
import { MemesController } from './memes.controller.js';
import { MemesRepository } from './memes.repository.js';
import { MemesService } from './memes.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Meme]), MediaModule],
  controllers: [MemesController, MemePageController],
  providers: [MemesRepository, MemesService, MemePageService],
  exports: [MemesService],
})
export class MemesModule {}
