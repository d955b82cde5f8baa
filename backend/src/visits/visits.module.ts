import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';

import { DailyVisitInterceptor } from './daily-visit.interceptor.js';
import { PlayerVisitDay } from './entities/player-visit-day.entity.js';
import { VisitsRepository } from './visits.repository.js';
import { VisitsService } from './visits.service.js';

/** Which UTC days each player used the app, and the hooks of a player's first request of the day. */
@Module({
  imports: [TypeOrmModule.forFeature([PlayerVisitDay])],
  providers: [VisitsRepository, VisitsService, { provide: APP_INTERCEPTOR, useClass: DailyVisitInterceptor }],
  exports: [VisitsService],
})
export class VisitsModule {}
