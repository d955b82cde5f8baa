import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { BotApiClient, BotApiFile } from '../src/telegram/bot-api.client.js';
import { BotApiError, BotApiUnavailableError } from '../src/telegram/bot-api.errors.js';
import { TelegramUpdatesService } from '../src/telegram/telegram-updates.service.js';
import { createTelegramTestApp, type TelegramTestApp, WEBHOOK_PATH } from './helpers/fake-telegram.js';

// The machine is shared: apps boot slower than Jest's 5 s default under load.
jest.setTimeout(60_000);

describe('Telegram Bot API client and webhook', () => {
  let t: TelegramTestApp;
  let bot: BotApiClient;
  const handled: number[] = [];
  beforeAll(async () => {
    t = await createTelegramTestApp({ env: { TELEGRAM_API_MAX_RETRY_AFTER_SECONDS: '2' } });
    bot = t.app.get(BotApiClient);
    // A handler of `callback_query` updates, as a feature module registers one.
    t.app.get(TelegramUpdatesService).on('callback_query', async (_query, update) => {
      handled.push(update.update_id);
    });
  });
  afterAll(() => t.close());

  const callbackUpdate = (updateId: number) => ({
    update_id: updateId,
    callback_query: {
      id: String(updateId),
      from: { id: 5, is_bot: false, first_name: 'P' },
      chat_instance: '1',
      data: 'x',
    },
  });
  const postUpdate = (update: object, secret: string | null = t.config.telegram.webhookSecret!) => {
    const req = request(t.server).post(WEBHOOK_PATH);
    if (secret !== null) void req.set('X-Telegram-Bot-Api-Secret-Token', secret);
    return req.send(update);
  };

  it('calls Bot API methods with the token in the path and reads their results', async () => {
    const me = await bot.call('getMe', {});
    expect(me).toMatchObject({ is_bot: true, username: 'MemeMintTestBot' });
    await expect(bot.call('getChatMember', { chat_id: '@news_channel', user_id: 5 })).resolves.toMatchObject({
      status: 'left',
      user: { id: 5 },
    });
  });

  it('uploads files as multipart, top-level and nested (attach://), as the sticker methods need', async () => {
    const sticker = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 4, background: '#e33' } })
        .webp()
        .toBuffer();
    const uploaded = await bot.call('uploadStickerFile', {
      user_id: 5,
      sticker_format: 'static',
      sticker: new BotApiFile(await sticker(512), 'a.webp'),
    });
    const name = 'client_by_MemeMintTestBot';
    await bot.call('createNewStickerSet', {
      user_id: 5,
      name,
      title: 'Client',
      stickers: [
        { sticker: uploaded.file_id, format: 'static', emoji_list: ['😀'] },
        { sticker: new BotApiFile(await sticker(512), 'b.webp'), format: 'static', emoji_list: ['😎'] },
      ],
    });
    const set = await bot.call('getStickerSet', { name });
    expect(set.stickers.map((s) => [s.emoji, s.width, s.height])).toEqual([
      ['😀', 512, 512],
      ['😎', 512, 512],
    ]);
    const tooSmall = bot.call('addStickerToSet', {
      user_id: 5,
      name,
      sticker: {
        sticker: new BotApiFile(await sticker(100), 'c.webp'),
        format: 'static',
        emoji_list: ['😀'],
      },
    });
    await expect(tooSmall).rejects.toMatchObject({ description: 'Bad Request: STICKER_PNG_DIMENSIONS' });
  });

  it('honours a 429 retry_after and then succeeds; a longer one fails at once', async () => {
    t.telegram.clearCalls();
    t.telegram.failNext({ method: 'getMe', errorCode: 429, retryAfter: 1 });
    await expect(bot.call('getMe', {})).resolves.toMatchObject({ is_bot: true });
    const [refused, retried] = t.telegram.recordedCalls('getMe');
    expect([refused!.ok, retried!.ok]).toEqual([false, true]);
    expect(Date.parse(retried!.at) - Date.parse(refused!.at)).toBeGreaterThanOrEqual(1000);

    t.telegram.clearCalls();
    t.telegram.failNext({ method: 'getMe', errorCode: 429, retryAfter: 60 });
    await expect(bot.call('getMe', {})).rejects.toBeInstanceOf(BotApiUnavailableError);
    expect(t.telegram.recordedCalls('getMe')).toHaveLength(1);
  });

  it('retries 5xx up to the attempt limit; a 4xx is not retried', async () => {
    t.telegram.clearCalls();
    t.telegram.failNext({ method: 'sendMessage', errorCode: 500, times: 2 });
    await expect(bot.call('sendMessage', { chat_id: 5, text: 'hello' })).resolves.toMatchObject({
      text: 'hello',
    });
    expect(t.telegram.recordedCalls('sendMessage').map((call) => call.ok)).toEqual([false, false, true]);

    t.telegram.clearCalls();
    t.telegram.failNext({ method: 'sendMessage', errorCode: 502, times: t.config.telegram.apiMaxAttempts });
    await expect(bot.call('sendMessage', { chat_id: 5, text: 'hello' })).rejects.toBeInstanceOf(
      BotApiUnavailableError,
    );

    t.telegram.clearCalls();
    const refused = bot.call('refundStarPayment', { user_id: 5, telegram_payment_charge_id: 'nope' });
    await expect(refused).rejects.toBeInstanceOf(BotApiError);
    await expect(refused).rejects.toMatchObject({
      errorCode: 400,
      description: 'Bad Request: CHARGE_NOT_FOUND',
    });
    expect(t.telegram.recordedCalls('refundStarPayment')).toHaveLength(1);
  });

  it('refuses updates without the right secret token with 401 and handles nothing', async () => {
    for (const secret of [null, '', 'wrong', `${t.config.telegram.webhookSecret}x`]) {
      const res = await postUpdate(callbackUpdate(900_001), secret).expect(401);
      expect(res.body).toEqual({ detail: 'Invalid webhook secret token' });
    }
    expect(handled).not.toContain(900_001);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM telegram_updates`);
    expect(count).toBe(0);
  });

  it('handles an update once however often (and however concurrently) it is delivered', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => postUpdate(callbackUpdate(900_002)).then((res) => res.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(handled.filter((id) => id === 900_002)).toHaveLength(1);
    // Through the fake, as Telegram delivers it.
    expect(await t.telegram.deliver(callbackUpdate(900_002))).toBe(200);
    expect(handled.filter((id) => id === 900_002)).toHaveLength(1);
  });

  it('acknowledges update kinds nobody handles with 200 and ignores them', async () => {
    await postUpdate({ update_id: 900_003, poll: { id: '1', question: 'q', options: [] } }).expect(200);
    await postUpdate({ update_id: 900_004, some_future_kind: { x: 1 } }).expect(200);
    const rows = await t.dataSource.query(`SELECT update_id FROM telegram_updates WHERE update_id >= 900003`);
    expect(rows).toEqual([]);
  });

  it('lets Telegram deliver again an update whose handling failed', async () => {
    let failures = 1;
    const seen: number[] = [];
    t.app.get(TelegramUpdatesService).on('chosen_inline_result', async (_result, update) => {
      if (failures-- > 0) throw new Error('database away');
      seen.push(update.update_id);
    });
    const update = {
      update_id: 900_005,
      chosen_inline_result: { result_id: '1', from: { id: 5, is_bot: false, first_name: 'P' }, query: 'q' },
    };
    await postUpdate(update).expect(500);
    await postUpdate(update).expect(200);
    await postUpdate(update).expect(200);
    expect(seen).toEqual([900_005]);
  });

  it('answers 400 for a body that is not an update', async () => {
    const res = await postUpdate({ hello: 'world' }).expect(400);
    expect(res.body).toEqual({ detail: 'update_id must be an integer' });
  });
});
