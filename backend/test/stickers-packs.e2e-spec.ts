import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { MemeDto, QuestListDto, StickerPackDto, StickerPackListDto } from '@mememint/contracts';
import sharp from 'sharp';
import request from 'supertest';

import { NO_FACE_MASK } from '../src/stickers/stickers.service.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import { bearer, newPlayer, photo, type Player, uploadMeme } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';

// Packs go through the fake Bot API, some with retries and uploads of many stickers.
jest.setTimeout(180_000);

const BOT = 'MemeMintTestBot';

describe('sticker packs from memes', () => {
  let t: TelegramTestApp;
  let ann: Player;
  let memes: MemeDto[];

  beforeAll(async () => {
    t = await createTelegramTestApp({ env: { TELEGRAM_API_MAX_ATTEMPTS: '1' } });
    ann = await newPlayer(t.server, t.config);
    memes = [
      await uploadMeme(t.server, ann, photo('portrait-01.jpg'), 'first'),
      await uploadMeme(t.server, ann, photo('portrait-02.jpg'), 'second'),
      await uploadMeme(t.server, ann, photo('bw-01.jpg'), 'third'),
    ];
  });
  afterAll(() => t.close());

  const create = (player: Player, body: object) =>
    request(t.server).post('/api/v1/stickers/').set(bearer(player)).send(body);
  const patch = (player: Player, id: string, body: object) =>
    request(t.server).patch(`/api/v1/stickers/${id}/`).set(bearer(player)).send(body);
  const list = async (player: Player): Promise<StickerPackDto[]> =>
    (
      (await request(t.server).get('/api/v1/stickers/').set(bearer(player)).expect(200))
        .body as StickerPackListDto
    ).items;
  const packRows = async (player: Player): Promise<number> =>
    (
      await t.dataSource.query('SELECT count(*)::int AS n FROM sticker_packs WHERE owner_id = $1', [
        player.tgId,
      ])
    )[0].n as number;
  /** Telegram's view of the set, through the fake's HTTP API. */
  const telegramSet = async (name: string) => {
    const response = await fetch(`${t.telegram.url}/bot${t.config.telegram.botToken}/getStickerSet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return (await response.json()) as {
      ok: boolean;
      result?: { title: string; stickers: { file_id: string }[] };
    };
  };
  /** The sticker file Telegram holds, decoded: really a WEBP with one side 512 px. */
  const expectWebp512 = async (fileId: string) => {
    const data = t.telegram.stickerFile(fileId);
    expect(data).toBeDefined();
    const meta = await sharp(data!).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(512);
    expect(Math.min(meta.width, meta.height)).toBeLessThanOrEqual(512);
    expect(data!.length).toBeLessThanOrEqual(512 * 1024);
    const { info } = await sharp(data!).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(meta.width);
  };
  /** More memes of one player, as rows copying an uploaded meme's image (setup only). */
  const cloneMemes = async (player: Player, source: MemeDto, count: number): Promise<string[]> =>
    (
      (await t.dataSource.query(
        `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height)
         SELECT gen_random_uuid(), substr(md5(random()::text), 1, 12), owner_id, image_key, thumbnail_key, width, height
         FROM memes, generate_series(1, $2) WHERE id = $1 AND owner_id = $3 RETURNING id`,
        [source.id, count, player.tgId],
      )) as { id: string }[]
    ).map((row) => row.id);

  it('refuses an empty choice with "Select at least one sticker", others’ memes, and face stickers of uploads', async () => {
    expect((await create(ann, { title: 'Mine', memeIds: [] }).expect(400)).body.detail).toBe(
      'Select at least one sticker',
    );
    const bob = await newPlayer(t.server, t.config);
    const bobs = await uploadMeme(t.server, bob, photo('portrait-04.jpg'));
    expect(
      (await create(ann, { title: 'Mine', memeIds: [memes[0]!.id, bobs.id] }).expect(400)).body.detail,
    ).toBe('Only your own memes can become stickers');
    await create(ann, { title: 'Mine', memeIds: ['not-a-uuid'] }).expect(400);
    await create(ann, { memeIds: [memes[0]!.id] }).expect(400);
    // An uploaded photo has no swap, so no face mask to cut along.
    expect(
      (await create(ann, { title: 'Mine', memeIds: [memes[0]!.id], style: 'face' }).expect(400)).body.detail,
    ).toBe(NO_FACE_MASK);
    await create(ann, { title: 'Mine', memeIds: [memes[0]!.id], style: 'round' }).expect(400);
    expect(await packRows(ann)).toBe(0);
    expect(t.telegram.recordedCalls('createNewStickerSet')).toEqual([]);
  });

  it('makes a Telegram set of 512 px WEBP stickers from two memes, reports progress, completes the quest', async () => {
    const player = await newPlayer(t.server, t.config);
    const own = [
      await uploadMeme(t.server, player, photo('portrait-05.jpg')),
      await uploadMeme(t.server, player, photo('portrait-07.jpg')),
    ];
    const socket = await SocketRecorder.connect(t.server, player.token);
    try {
      const res = await create(player, {
        title: 'My best memes!',
        memeIds: own.map((meme) => meme.id),
      }).expect(201);
      const pack = res.body as StickerPackDto;
      expect(pack.name).toMatch(new RegExp(`^my_best_memes_[0-9a-f]{8}_by_${BOT}$`));
      expect(pack).toMatchObject({ title: 'My best memes!', link: `https://t.me/addstickers/${pack.name}` });
      expect(pack.stickers.map((sticker) => sticker.memeId)).toEqual(own.map((meme) => meme.id));

      const set = await telegramSet(pack.name);
      expect(set.ok).toBe(true);
      expect(set.result!.stickers.map((sticker) => sticker.file_id)).toEqual(
        pack.stickers.map((sticker) => sticker.fileId),
      );
      for (const sticker of pack.stickers) await expectWebp512(sticker.fileId);
      // The files went up as multipart parts, attached by the InputStickers.
      const [call] = t.telegram
        .recordedCalls('createNewStickerSet')
        .filter((c) => c.params.name === pack.name);
      expect(call!.params.user_id).toBe(String(player.tgId));

      const last = await socket.until('stickers:progress', (p) => p.done === p.total);
      expect(last.total).toBe(2);
      expect(await list(player)).toEqual([pack]);

      const quests = (await request(t.server).get('/api/v1/tasks/').set(bearer(player)).expect(200))
        .body as QuestListDto;
      expect(quests.items.find((quest) => quest.kind === 'sticker_pack')?.done).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('puts 50 stickers in createNewStickerSet and the rest through addStickerToSet', async () => {
    const player = await newPlayer(t.server, t.config);
    const first = await uploadMeme(t.server, player, photo('portrait-08.jpg'));
    const ids = [first.id, ...(await cloneMemes(player, first, 51))];
    const pack = (await create(player, { title: 'Many', memeIds: ids }).expect(201)).body as StickerPackDto;
    expect(pack.stickers).toHaveLength(52);
    const created = t.telegram.recordedCalls('createNewStickerSet').find((c) => c.params.name === pack.name)!;
    expect((created.params.stickers as unknown[]).length).toBe(50);
    expect(
      t.telegram.recordedCalls('addStickerToSet').filter((c) => c.params.name === pack.name),
    ).toHaveLength(2);
    expect((await telegramSet(pack.name)).result!.stickers).toHaveLength(52);
    await expectWebp512(pack.stickers[51]!.fileId);
  });

  it('edits a pack: adds, removes and retitles in Telegram and in the list', async () => {
    const created = (
      await create(ann, { title: 'Edit me', memeIds: [memes[0]!.id, memes[1]!.id] }).expect(201)
    ).body as StickerPackDto;
    const res = await patch(ann, created.id, {
      add: [memes[2]!.id],
      remove: [memes[0]!.id],
      title: 'Edited',
    }).expect(200);
    const pack = res.body as StickerPackDto;
    expect(pack.title).toBe('Edited');
    expect(pack.stickers.map((sticker) => sticker.memeId)).toEqual([memes[1]!.id, memes[2]!.id]);
    const set = await telegramSet(pack.name);
    expect(set.result!.title).toBe('Edited');
    expect(set.result!.stickers.map((sticker) => sticker.file_id)).toEqual(
      pack.stickers.map((s) => s.fileId),
    );
    await expectWebp512(pack.stickers[1]!.fileId);
    expect((await list(ann)).find((candidate) => candidate.id === pack.id)).toEqual(pack);

    // Removing every sticker is refused; another player's pack is not found.
    await patch(ann, pack.id, { remove: [memes[1]!.id, memes[2]!.id] }).expect(400);
    const bob = await newPlayer(t.server, t.config);
    await patch(bob, pack.id, { title: 'Mine now' }).expect(404);
    await patch(ann, 'nope', { title: 'x' }).expect(404);
  });

  it('leaves no pack when Telegram refuses (502) or is unavailable (503)', async () => {
    const player = await newPlayer(t.server, t.config);
    const meme = await uploadMeme(t.server, player, photo('portrait-09.jpg'));
    t.telegram.failNext({
      method: 'createNewStickerSet',
      errorCode: 400,
      description: 'Bad Request: STICKERSET_INVALID',
    });
    expect((await create(player, { title: 'Nope', memeIds: [meme.id] }).expect(502)).body.detail).toMatch(
      /STICKERSET_INVALID/,
    );
    t.telegram.failNext({ method: 'createNewStickerSet', errorCode: 500 });
    expect((await create(player, { title: 'Nope', memeIds: [meme.id] }).expect(503)).body.detail).toMatch(
      /unavailable/,
    );
    expect(await packRows(player)).toBe(0);
    expect(await list(player)).toEqual([]);
  });

  it('deletes the set Telegram made when a later call fails part-way, and keeps no row', async () => {
    const player = await newPlayer(t.server, t.config);
    const first = await uploadMeme(t.server, player, photo('portrait-11.jpg'));
    const ids = [first.id, ...(await cloneMemes(player, first, 50))];
    t.telegram.failNext({
      method: 'addStickerToSet',
      errorCode: 400,
      description: 'Bad Request: STICKERS_TOO_MUCH',
    });
    await create(player, { title: 'Half', memeIds: ids }).expect(502);
    const made = t.telegram
      .recordedCalls('createNewStickerSet')
      .filter((call) => call.ok && String(call.params.title) === 'Half')
      .map((call) => String(call.params.name));
    expect(made).toHaveLength(1);
    expect((await telegramSet(made[0]!)).ok).toBe(false);
    expect(await packRows(player)).toBe(0);
  });

  it('answers 502 {detail} when Telegram lists fewer stickers than were sent, and deletes the set', async () => {
    const player = await newPlayer(t.server, t.config);
    const first = await uploadMeme(t.server, player, photo('portrait-08.jpg'));
    const second = await uploadMeme(t.server, player, photo('portrait-14.jpg'));
    t.telegram.reshapeNext<{ stickers: unknown[] }>('getStickerSet', (set) => ({
      ...set,
      stickers: set.stickers.slice(0, 1),
    }));
    const res = await create(player, { title: 'Short', memeIds: [first.id, second.id] }).expect(502);
    expect(res.body).toEqual({ detail: expect.stringMatching(/getStickerSet.*1 stickers, not the 2 sent/) });
    const made = t.telegram
      .recordedCalls('createNewStickerSet')
      .filter((call) => call.ok && String(call.params.title) === 'Short')
      .map((call) => String(call.params.name));
    expect(made).toHaveLength(1);
    expect((await telegramSet(made[0]!)).ok).toBe(false);
    expect(await packRows(player)).toBe(0);
    expect(await list(player)).toEqual([]);
  });

  it('of two packs made at once, both are made and the quest is granted once', async () => {
    const player = await newPlayer(t.server, t.config);
    const meme = await uploadMeme(t.server, player, photo('portrait-13.jpg'));
    const results = await Promise.all(
      [1, 2, 3].map((n) => create(player, { title: `Pack ${n}`, memeIds: [meme.id] })),
    );
    expect(results.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(await packRows(player)).toBe(3);
    const [row] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM quest_completions c JOIN quests q ON q.id = c.quest_id
       WHERE c.user_id = $1 AND q.kind = 'sticker_pack'`,
      [player.tgId],
    );
    expect(row.n).toBe(1);
  });

  it('answers 401 without a token', async () => {
    await request(t.server).get('/api/v1/stickers/').expect(401);
  });
});
