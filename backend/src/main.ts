import 'reflect-metadata';

import { setFlagsFromString } from 'node:v8';

import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { describeMode, loadConfig } from './config/app.config.js';
import { closeOnSignals } from './graceful-shutdown.js';
import { isRedisConnectionError } from './redis/redis-unavailable.js';

// V8 pretenures an allocation site whose objects survived a scavenge at a high rate: under a burst
// the requests in flight do (Redis commands, pg's rows), so from then on every request's objects
// were allocated in the old generation, ~25 MB/s of them dying there, and a mark-compact of 200 MB
// every ~10 s stalled every request for 100–200 ms (the swipes bench's slowest 1 %). Without it they
// die young: a mark-compact every 30–50 s (docs/perf-log/swipes.md, "The last stalls").
setFlagsFromString('--no-allocation-site-pretenuring');

// A library's promise that nobody awaits may reject when Redis goes away (Bull's job watchdog did,
// with MaxRetriesPerRequestError): that is an outage the requests already answer 503 for, not a
// reason to end the process. Anything else still ends it, as Node's default does.
process.on('unhandledRejection', (reason) => {
  if (!isRedisConnectionError(reason)) throw reason;
  new Logger('Redis').warn(`A command failed while Redis is away: ${(reason as Error).message}`);
});

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config) process.exit(1);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bufferLogs: true,
  });
  configureApp(app, config);
  await app.listen(config.port);
  const logger = new Logger('Bootstrap');
  closeOnSignals(app, config, logger);
  // A warning while anyone can log in as anyone, so that it stands out in any log level's output.
  const mode = `MemeMint API on port ${config.port}: ${describeMode(config)}`;
  if (config.auth.devLogin) logger.warn(mode);
  else logger.log(mode);
}

await bootstrap();
