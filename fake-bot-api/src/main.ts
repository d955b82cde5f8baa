#!/usr/bin/env node
/**
 * Runs the fake Bot API on its own (`npm start` does this when no real bot token is configured):
 *   FAKE_BOT_API_TOKEN  the bot token it answers to (required)
 *   FAKE_BOT_API_PORT   port (default 0: any free port; the URL is printed)
 *   FAKE_BOT_USERNAME   the bot's username (default mememint_bot)
 *   FAKE_BOT_WEBHOOK_URL, FAKE_BOT_WEBHOOK_SECRET  a webhook set from the start (else the bot sets one)
 * Prints `fake Bot API: listening on <url>` once it listens.
 */
import { startFakeBotApi } from './server.js';

const token = process.env.FAKE_BOT_API_TOKEN;
if (!token) {
  console.error('FAKE_BOT_API_TOKEN is required');
  process.exit(2);
}
const fake = await startFakeBotApi({
  token,
  port: Number(process.env.FAKE_BOT_API_PORT ?? 0),
  username: process.env.FAKE_BOT_USERNAME || undefined,
});
if (process.env.FAKE_BOT_WEBHOOK_URL)
  fake.setWebhook({
    url: process.env.FAKE_BOT_WEBHOOK_URL,
    secretToken: process.env.FAKE_BOT_WEBHOOK_SECRET || undefined,
  });
console.log(`fake Bot API: listening on ${fake.url} as @${fake.bot.username}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
