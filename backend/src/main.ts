import 'reflect-metadata';

import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { describeMode, loadConfig } from './config/app.config.js';
import { closeOnSignals } from './graceful-shutdown.js';

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
