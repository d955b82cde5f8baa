import type { Server } from 'node:http';

import type { LoginResponse } from '@mememint/contracts';
import request from 'supertest';

import { signInitData } from '../../src/auth/telegram-init-data.js';
import type { AppConfig } from '../../src/config/app.config.js';

export interface TelegramTestUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  is_bot?: boolean;
  photo_url?: string;
}

export interface InitDataOptions {
  /** Unix seconds; default now. */
  authDate?: number;
  startParam?: string;
  /** Sign with another token (a forgery). */
  botToken?: string;
}

let nextTgId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** A Telegram id no other user in this test file has. */
export function newTgId(): number {
  nextTgId += 1;
  return nextTgId;
}

/** Init data as the Telegram client sends it, signed with the app's bot token (the server's own signer). */
export function initDataFor(
  config: AppConfig,
  user: TelegramTestUser,
  options: InitDataOptions = {},
): string {
  const fields: Record<string, string> = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ first_name: 'Test', language_code: 'en', ...user }),
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
  };
  if (options.startParam !== undefined) fields.start_param = options.startParam;
  return signInitData(fields, options.botToken ?? config.telegram.botToken);
}

/** Logs a Telegram user in through the API and returns the token pair. */
export async function loginAs(
  server: Server,
  config: AppConfig,
  user: TelegramTestUser,
  options: InitDataOptions = {},
): Promise<LoginResponse> {
  const res = await request(server)
    .post('/api/v1/auth/login/')
    .send({ initData: initDataFor(config, user, options) })
    .expect(200);
  return res.body as LoginResponse;
}
