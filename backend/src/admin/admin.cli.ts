/**
 * Operator commands, run from the backend folder with the app's environment:
 *   npm run admin -- grant <tgId>    makes an existing user an admin
 * (ADMIN_TG_IDS does the same at login for the listed ids.)
 */
import 'reflect-metadata';

import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { loadConfig } from '../config/app.config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { UsersModule } from '../users/users.module.js';
import { UsersService } from '../users/users.service.js';

const USAGE = 'Usage: npm run admin -w backend -- grant <tgId>';

/** Just the database and the users: no HTTP, queues, sockets or schedules. */
@Module({ imports: [DatabaseModule, UsersModule] })
class AdminCliModule {}

async function main(): Promise<number> {
  const [command, rawTgId] = process.argv.slice(2);
  const tgId = Number(rawTgId);
  if (command !== 'grant' || !/^[1-9][0-9]*$/.test(rawTgId ?? '') || !Number.isSafeInteger(tgId)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config) return 1;
  const app = await NestFactory.createApplicationContext(
    { module: AdminCliModule, imports: [ConfigModule.register(config)] },
    { logger: ['error'] },
  );
  try {
    if (!(await app.get(UsersService).grantAdmin(tgId))) {
      console.error(`No user with tgId ${tgId}: they need to open the app once first.`);
      return 1;
    }
    console.log(`User ${tgId} is now an admin.`);
    return 0;
  } finally {
    await app.close();
  }
}

process.exitCode = await main();
