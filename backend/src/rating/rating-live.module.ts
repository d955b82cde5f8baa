import { Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { RatingBroadcasterService } from './rating-broadcaster.service.js';
import { RatingGateway } from './rating.gateway.js';
import { RatingModule } from './rating.module.js';

/** The live boards on the app's Socket.IO server (not in the admin CLI, which serves no sockets). */
@Module({
  imports: [RatingModule],
  providers: [RatingGateway, RatingBroadcasterService, Clock],
})
export class RatingLiveModule {}
