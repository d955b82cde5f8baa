import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { LedgerModule } from '../ledger/ledger.module.js';
import { User } from './entities/user.entity.js';
import { ReferralsService } from './referrals.service.js';
import { UserCountersService } from './user-counters.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User]), LedgerModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, ReferralsService, UserCountersService],
  exports: [UsersService, ReferralsService, UserCountersService],
})
export class UsersModule {}
