import { Module } from '@nestjs/common';

import { RatingModule } from '../rating/rating.module.js';
import { SquadsController } from './squads.controller.js';
import { SquadsModule } from './squads.module.js';

/** The `/v1/squads` routes: the squads' own and their ranked lists, which read the rating's boards. */
@Module({
  imports: [SquadsModule, RatingModule],
  controllers: [SquadsController],
})
export class SquadsApiModule {}
