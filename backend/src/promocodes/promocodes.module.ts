import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { PromoCode } from './entities/promo-code.entity.js';
import { PromoCodeUse } from './entities/promo-code-use.entity.js';
import { PromocodesController } from './promocodes.controller.js';
import { PromocodesRepository } from './promocodes.repository.js';
import { PromocodesService } from './promocodes.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PromoCode, PromoCodeUse]), LedgerModule],
  controllers: [PromocodesController],
  providers: [PromocodesRepository, PromocodesService],
})
export class PromocodesModule {}
