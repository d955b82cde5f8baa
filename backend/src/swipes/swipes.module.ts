import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuthModule } from '../auth/auth.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { MemesModule } from '../memes/memes.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { UsersModule } from '../users/users.module.js';
import { SwipeGift } from './entities/swipe-gift.entity.js';
import { Swipe } from './entities/swipe.entity.js';
import { SwipePaceRepository } from './swipe-pace.repository.js';
import { SwipesController } from './swipes.controller.js';
import { SwipesRepository } from './swipes.repository.js';
import { SwipesService } from './swipes.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Swipe, SwipeGift]),
    AuthModule,
    LedgerModule,
    MemesModule,
    RealtimeModule,
    UsersModule,
  ],
  controllers: [SwipesController],
  providers: [SwipesRepository, SwipePaceRepository, SwipesService],
})
export class SwipesModule {}
