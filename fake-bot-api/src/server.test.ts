import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';

import type { Update } from '@grammyjs/types';
import sharp from 'sharp';

import { FakeBotApi, startFakeBotApi } from './server.js';

const TOKEN = '42:test-token';
const OWNER = 1001;

const image = (width: number, height: number, format: 'webp' | 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();

/** A test clip encoded by ffmpeg (from its npm package): noise, so the bitrate asked is what it takes. */
async function clip(options: {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  codec?: string;
  audio?: boolean;
  kbps?: number;
}): Promise<Buffer> {
  const ffmpeg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/ffmpeg');
  const size = `${options.width}x${options.height}`;
  const args = ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${options.fps}`];
  if (options.audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440', '-c:a', 'libopus');
  args.push('-t', String(options.seconds), '-c:v', options.codec ?? 'libvpx-vp9');
  args.push(
    '-b:v',
    `${options.kbps ?? 200}k`,
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-f',
    'webm',
    'pipe:1',
  );
  return new Promise((resolve, reject) =>
    execFile(ffmpeg, args, { encoding: 'buffer', maxBuffer: 1 << 24 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
}

interface Answer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

describe('fake Bot API', () => {
  let fake: FakeBotApi;
  before(async () => {
    fake = await startFakeBotApi({ token: TOKEN, username: 'MemeMintBot' });
  });
  after(() => fake.close());

  async function call(method: string, params: Record<string, unknown>, token = TOKEN): Promise<Answer> {
    const response = await fetch(`${fake.url}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    const answer = (await response.json()) as Answer;
    assert.equal(response.status, answer.ok ? 200 : answer.error_code);
    return answer;
  }

  async function upload(file: Buffer, filename = 'sticker.webp', format = 'static'): Promise<Answer> {
    const form = new FormData();
    form.append('user_id', String(OWNER));
    form.append('sticker_format', format);
    form.append('sticker', new Blob([new Uint8Array(file)]), filename);
    const response = await fetch(`${fake.url}/bot${TOKEN}/uploadStickerFile`, { method: 'POST', body: form });
    return (await response.json()) as Answer;
  }

  const sticker = (fileId: string) => ({ sticker: fileId, format: 'static', emoji_list: ['😀'] });

  it('answers getMe for its token and 401 for another', async () => {
    const me = await call('getMe', {});
    assert.equal((me.result as { username: string }).username, 'MemeMintBot');
    const wrong = await call('getMe', {}, '42:other');
    assert.deepEqual(wrong, { ok: false, error_code: 401, description: 'Unauthorized' });
  });

  it('checks sticker set names like Telegram', async () => {
    const { result } = await upload(await image(512, 300, 'webp'));
    const fileId = (result as { file_id: string }).file_id;
    const names = {
      memes_by_mememintbot: true,
      Memes_by_MemeMintBot: false, // same name, other case: occupied
      '9memes_by_MemeMintBot': false,
      memes__x_by_MemeMintBot: false,
      'memes-x_by_MemeMintBot': false,
      memes_by_otherbot: false,
      [`${'a'.repeat(64 - '_by_MemeMintBot'.length + 1)}_by_MemeMintBot`]: false,
      [`${'a'.repeat(64 - '_by_MemeMintBot'.length)}_by_MemeMintBot`]: true,
    };
    for (const [name, valid] of Object.entries(names)) {
      const answer = await call('createNewStickerSet', {
        user_id: OWNER,
        name,
        title: 'Memes',
        stickers: [sticker(fileId)],
      });
      assert.equal(answer.ok, valid, `${name}: ${answer.description}`);
    }
  });

  it('takes static WEBP or PNG stickers with one side of 512 px and at most 512 KB', async () => {
    assert.equal((await upload(await image(512, 512, 'png'), 'a.png')).ok, true);
    assert.equal((await upload(await image(300, 512, 'webp'))).ok, true);
    const refused = [
      [await image(512, 512, 'jpeg'), 'STICKER_PNG_NOPNG'],
      [await image(500, 500, 'webp'), 'STICKER_PNG_DIMENSIONS'],
      [await image(513, 512, 'webp'), 'STICKER_PNG_DIMENSIONS'],
      [Buffer.concat([await image(512, 512, 'png'), Buffer.alloc(512 * 1024)]), 'file is too big'],
      [Buffer.from('RIFF....WEBPVP8 not really'), 'STICKER_PNG_NOPNG'],
    ] as const;
    for (const [file, description] of refused) {
      const answer = await upload(file);
      assert.equal(answer.ok, false);
      assert.equal(answer.description, `Bad Request: ${description}`);
    }
  });

  it('takes video stickers as Telegram does: WEBM VP9, silent, ≤3 s, ≤30 fps, 512 px, ≤256 KB', async () => {
    const good = await clip({ width: 512, height: 288, fps: 30, seconds: 3 });
    const uploaded = await upload(good, 'a.webm', 'video');
    assert.equal(uploaded.ok, true, uploaded.description);
    const refused = [
      [await clip({ width: 512, height: 288, fps: 30, seconds: 3.5 }), 'STICKER_VIDEO_LONG'],
      [
        await clip({ width: 512, height: 512, fps: 50, seconds: 1 }),
        'STICKER_FILE_INVALID: video stickers must be at most 30 FPS',
      ],
      [await clip({ width: 500, height: 500, fps: 25, seconds: 1 }), 'STICKER_VIDEO_NODIMENSIONS'],
      [await clip({ width: 512, height: 288, fps: 25, seconds: 1, codec: 'libvpx' }), 'STICKER_VIDEO_NOWEBM'],
      [
        await clip({ width: 512, height: 288, fps: 25, seconds: 1, audio: true }),
        'STICKER_FILE_INVALID: video stickers must have no audio stream',
      ],
      [await clip({ width: 512, height: 512, fps: 30, seconds: 3, kbps: 2000 }), 'STICKER_VIDEO_BIG'],
      [await image(512, 512, 'webp'), 'STICKER_VIDEO_NOWEBM'],
    ] as const;
    for (const [file, description] of refused) {
      const answer = await upload(file, 'v.webm', 'video');
      assert.deepEqual(answer, { ok: false, error_code: 400, description: `Bad Request: ${description}` });
    }
    // A set may mix formats (Bot API 7.2): a static and a video sticker, each saying its own.
    const still = (await upload(await image(512, 512, 'webp'))).result as { file_id: string };
    const video = uploaded.result as { file_id: string };
    const name = 'mixed_by_MemeMintBot';
    const created = await call('createNewStickerSet', {
      user_id: OWNER,
      name,
      title: 'Mixed',
      stickers: [sticker(still.file_id), { ...sticker(video.file_id), format: 'video' }],
    });
    assert.equal(created.ok, true, created.description);
    const set = (await call('getStickerSet', { name })).result as { stickers: { is_video: boolean }[] };
    assert.deepEqual(
      set.stickers.map((s) => s.is_video),
      [false, true],
    );
    // A video file said to be static is refused.
    const wrong = await call('addStickerToSet', { user_id: OWNER, name, sticker: sticker(video.file_id) });
    assert.equal(wrong.description, 'Bad Request: STICKER_FILE_INVALID');
  });

  it('creates a set with 1–50 stickers and grows it to 120, then lists, renames and deletes', async () => {
    const { result } = await upload(await image(512, 512, 'webp'));
    const fileId = (result as { file_id: string }).file_id;
    const name = 'counts_by_MemeMintBot';
    const create = (count: number) =>
      call('createNewStickerSet', {
        user_id: OWNER,
        name,
        title: 'Counts',
        stickers: Array.from({ length: count }, () => sticker(fileId)),
      });
    assert.equal((await create(0)).ok, false);
    assert.equal((await create(51)).description, 'Bad Request: STICKERS_TOO_MUCH');
    assert.equal((await create(50)).ok, true);
    for (let i = 50; i < 120; i++)
      assert.equal(
        (await call('addStickerToSet', { user_id: OWNER, name, sticker: sticker(fileId) })).ok,
        true,
      );
    const full = await call('addStickerToSet', { user_id: OWNER, name, sticker: sticker(fileId) });
    assert.equal(full.description, 'Bad Request: STICKERS_TOO_MUCH');
    const notOwner = await call('addStickerToSet', { user_id: OWNER + 1, name, sticker: sticker(fileId) });
    assert.equal(notOwner.description, 'Bad Request: STICKERSET_INVALID');

    const set = (await call('getStickerSet', { name })).result as { stickers: { file_id: string }[] };
    assert.equal(set.stickers.length, 120);
    assert.equal((await call('deleteStickerFromSet', { sticker: set.stickers[0]!.file_id })).ok, true);
    assert.equal((await call('setStickerSetTitle', { name, title: 'Renamed' })).ok, true);
    const renamed = (await call('getStickerSet', { name })).result as { title: string; stickers: unknown[] };
    assert.deepEqual([renamed.title, renamed.stickers.length], ['Renamed', 119]);
    assert.equal((await call('deleteStickerSet', { name })).ok, true);
    assert.equal((await call('getStickerSet', { name })).description, 'Bad Request: STICKERSET_INVALID');
  });

  it('lets a browser page of another origin use the /__fake/ routes (CORS), never the Bot API methods', async () => {
    const preflight = await fetch(`${fake.url}/__fake/chat-member`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'content-type');
    const set = await fetch(`${fake.url}/__fake/chat-member`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:5173', 'content-type': 'application/json' },
      body: JSON.stringify({ chatId: '@news', userId: OWNER, status: 'member' }),
    });
    assert.equal(set.status, 200);
    assert.equal(set.headers.get('access-control-allow-origin'), '*');
    const method = await fetch(`${fake.url}/bot${TOKEN}/getMe`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    assert.equal(method.headers.get('access-control-allow-origin'), null);
  });

  it('answers injected failures (429 with retry_after, 500) and records every call', async () => {
    fake.clearCalls();
    fake.failNext({ method: 'getMe', errorCode: 429, retryAfter: 3 });
    fake.failNext({ method: 'sendMessage', errorCode: 500, times: 2 });
    assert.deepEqual(await call('getMe', {}), {
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
    assert.equal((await call('getMe', {})).ok, true);
    for (const ok of [false, false, true])
      assert.equal((await call('sendMessage', { chat_id: OWNER, text: 'hi' })).ok, ok);
    const calls = (await (await fetch(`${fake.url}/__fake/calls`)).json()) as {
      calls: { method: string; ok: boolean }[];
    };
    assert.deepEqual(
      calls.calls.map((c) => `${c.method}:${c.ok}`),
      ['getMe:false', 'getMe:true', 'sendMessage:false', 'sendMessage:false', 'sendMessage:true'],
    );
  });

  describe('payments through the webhook', () => {
    let webhook: Server;
    const received: { secret: string | undefined; update: Update }[] = [];
    let refuse = false;
    before(async () => {
      webhook = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const update = JSON.parse(body) as Update;
          received.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string, update });
          const query = update.pre_checkout_query;
          // Answers the query before the webhook replies, as the backend does.
          const answering = query
            ? call('answerPreCheckoutQuery', {
                pre_checkout_query_id: query.id,
                ok: !refuse,
                ...(refuse ? { error_message: 'No' } : {}),
              })
            : Promise.resolve();
          void answering.then(() => res.end());
        });
      });
      await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
      const { port } = webhook.address() as AddressInfo;
      assert.equal(
        (
          await call('setWebhook', {
            url: `http://127.0.0.1:${port}/hook`,
            secret_token: 's3cret',
            allowed_updates: ['message', 'pre_checkout_query'],
          })
        ).ok,
        true,
      );
    });
    after(() => new Promise<void>((resolve) => webhook.close(() => resolve())));

    it('plays pre_checkout_query then successful_payment, and refunds the charge once', async () => {
      const link = (
        await call('createInvoiceLink', {
          title: 'Credits',
          description: '10 credits',
          payload: 'order-1',
          provider_token: '',
          currency: 'XTR',
          prices: [{ label: 'Credits', amount: 50 }],
        })
      ).result as string;
      const response = await fetch(`${fake.url}/__fake/pay/${FakeBotApi.invoiceSlug(link)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: OWNER }),
      });
      const result = (await response.json()) as {
        preCheckout: { ok: boolean };
        telegramPaymentChargeId: string;
      };
      assert.equal(result.preCheckout.ok, true);
      const [query, payment] = received.slice(-2);
      assert.equal(query!.secret, 's3cret');
      assert.deepEqual(
        {
          from: query!.update.pre_checkout_query!.from.id,
          amount: query!.update.pre_checkout_query!.total_amount,
          currency: query!.update.pre_checkout_query!.currency,
          payload: query!.update.pre_checkout_query!.invoice_payload,
        },
        { from: OWNER, amount: 50, currency: 'XTR', payload: 'order-1' },
      );
      assert.ok(payment!.update.update_id > query!.update.update_id);
      assert.deepEqual(payment!.update.message!.successful_payment, {
        currency: 'XTR',
        total_amount: 50,
        invoice_payload: 'order-1',
        telegram_payment_charge_id: result.telegramPaymentChargeId,
        provider_payment_charge_id: '',
      });

      const refund = { user_id: OWNER, telegram_payment_charge_id: result.telegramPaymentChargeId };
      assert.equal((await call('refundStarPayment', refund)).ok, true);
      assert.equal(
        (await call('refundStarPayment', refund)).description,
        'Bad Request: CHARGE_ALREADY_REFUNDED',
      );
    });

    it('stops after a pre-checkout answered ok=false', async () => {
      refuse = true;
      const link = (
        await call('createInvoiceLink', {
          title: 'Credits',
          description: '10 credits',
          payload: 'order-2',
          currency: 'XTR',
          prices: [{ label: 'Credits', amount: 50 }],
        })
      ).result as string;
      const before = received.length;
      const result = await fake.pay(FakeBotApi.invoiceSlug(link), { id: OWNER });
      assert.deepEqual(result.preCheckout, { ok: false, errorMessage: 'No' });
      assert.equal(result.telegramPaymentChargeId, undefined);
      assert.equal(received.length, before + 1);
    });
  });
});
