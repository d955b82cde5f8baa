import { Module } from '@nestjs/common';

import { AuthModule } from './auth.module.js';
import { DevAuthController } from './dev-auth.controller.js';

/** The development login routes; AppModule mounts them only with DEV_LOGIN=1. */
@Module({
  imports: [AuthModule],
  controllers: [DevAuthController],
})
export class DevAuthModule {}
