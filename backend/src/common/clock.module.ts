import { Global, Module } from '@nestjs/common';

import { Clock } from './clock.js';

/** The one Clock of the app (and of the admin commands); tests replace it with `overrideProvider(Clock)`. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
