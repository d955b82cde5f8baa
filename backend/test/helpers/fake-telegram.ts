import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { FakeBotApi, startFakeBotApi } from '@mememint/fake-bot-api';

import { DEVELOPMENT_BOT_TOKEN } from '../../src/config/platform.variables.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export const WEBHOOK_PATH = '/api/v1/telegram/webhook/';

export interface TelegramTestApp extends TestApp {
  telegram: FakeBotApi;
}

/**
 * The app talking to a fake Bot API server of its own (a real HTTP server), listening so the fake
 * can deliver updates to its webhook with the app's secret token.
 */
export async function createTelegramTestApp(options: TestAppOptions = {}): Promise<TelegramTestApp> {
  const telegram = await startFakeBotApi({ token: DEVELOPMENT_BOT_TOKEN, username: 'MemeMintTestBot' });
  const t = await createTestApp({
    ...options,
    env: {
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
      ...options.env,
    },
  });
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.server.address() as AddressInfo;
  telegram.setWebhook({
    url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
    secretToken: t.config.telegram.webhookSecret,
  });
  return {
    ...t,
    telegram,
    close: async () => {
      await t.close();
      await telegram.close();
    },
  };
}
