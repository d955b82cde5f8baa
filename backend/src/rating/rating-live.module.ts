import { Module } from '@nestjs/common';

import { RatingBroadcasterService } from './rating-broadcaster.service.js';
import { RatingRecoveryService } from './rating-recovery.service.js';
import { RatingGateway } from './rating.gateway.js';
import { RatingModule } from './rating.module.js';

/**
 * What the API process runs beside the boards (not the admin CLI, which serves no sockets): the live
 * boards on the app's Socket.IO server, and their rebuild when Redis lost them.
 */
@Module({
  imports: [RatingModule],
  providers: [RatingGateway, RatingBroadcasterService, RatingRecoveryService],
})
export class RatingLiveModule {}
