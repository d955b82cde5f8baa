import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '../media/media.module.js';
import { Meme } from './entities/meme.entity.js';
import { MemesController } from './memes.controller.js';
import { MemesService } from './memes.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Meme]), MediaModule],
  controllers: [MemesController],
  providers: [MemesService],
  exports: [MemesService],
})
export class MemesModule {}
