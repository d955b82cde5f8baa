import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { QuestCheckDto, QuestDto, QuestListDto } from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { MemesService } from '../src/memes/memes.service.js';
import { QuestsService } from '../src/quests/quests.service.js';
import { ReferralsService } from '../src/users/referrals.service.js';
import { UserCountersService } from '../src/users/user-counters.service.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';

// The machine is shared: apps boot slower than Jest's 5 s default under load.
jest.setTimeout(60_000);

const DAY_MS = 86_400_000;

class TestClock extends Clock {
  offsetDays = 0;
  override now(): Date {
    return new Date(Date.now() + this.offsetDays * DAY_MS);
  }
}

describe('quests', () => {
  let t: TelegramTestApp;
  let ledger: LedgerService;
  let counters: UserCountersService;
  let referrals: ReferralsService;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTelegramTestApp({
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    ledger = t.app.get(LedgerService);
    counters = t.app.get(UserCountersService);
    referrals = t.app.get(ReferralsService);
  });
  afterAll(() => t.close());

  const questsOf = async (player: Player): Promise<QuestDto[]> =>
    ((await request(t.server).get('/api/v1/tasks/').set(bearer(player)).expect(200)).body as QuestListDto)
      .items;
  const questOf = async (player: Player, kind: QuestDto['kind'], index = 0) =>
    (await questsOf(player)).filter((quest) => quest.kind === kind)[index]!;
  const check = async (player: Player, id: number): Promise<QuestCheckDto> =>
    (await request(t.server).get(`/api/v1/tasks/check-task/${id}/`).set(bearer(player)).expect(200)).body;
  /** A granted check: the reward, and the balances after it with their version (exact in the channel test). */
  const rewarded = (reward: QuestCheckDto['reward']) => ({
    done: true,
    reward,
    balances: {
      generationLimit: expect.any(Number),
      memeCoins: expect.any(Number),
      swipes: expect.any(Number),
      balanceVersion: expect.any(Number),
    },
  });
  const questRows = (player: Player): Promise<{ kind: string; delta: number }[]> =>
    t.dataSource.query(
      `SELECT kind, delta FROM ledger_entries WHERE user_id = $1 AND reason = 'quest' ORDER BY id`,
      [player.tgId],
    );

  it('lists the seeded quests in the player’s language, with the news channel link', async () => {
    const player = await newPlayer(t.server, t.config);
    const quests = await questsOf(player);
    expect(quests.map((quest) => quest.kind)).toEqual([
      'channel',
      'invite_friends',
      'invite_friends',
      'invite_friends',
      'first_meme',
      'publish_meme',
      'ton_wallet',
      'sticker_pack',
      'visit_streak',
    ]);
    expect(quests[0]).toEqual({
      id: expect.any(Number),
      kind: 'channel',
      title: 'Subscribe to the news channel',
      description: 'News, contests and the memes of the day',
      link: t.config.telegram.newsChannelLink,
      reward: { coins: 500 },
      done: false,
    });
    expect(quests.every((quest) => !quest.done)).toBe(true);

    const russian = await loginAs(t.server, t.config, { id: newTgId(), language_code: 'ru' });
    const res = await request(t.server)
      .get('/api/v1/tasks/')
      .set({ Authorization: `Bearer ${russian.jwtToken}` })
      .expect(200);
    expect(res.body.items[0].title).toBe('Подпишись на канал новостей');
    // The game speaks with «ты»: no quest asks in the polite plural («Пригласите», «Создайте»).
    for (const quest of res.body.items as { title: string; description: string }[])
      expect(`${quest.title} ${quest.description}`).not.toMatch(/[а-яё]+(?:ите|йте)\b/);
  });

  it('a channel quest fails before the fake says "member", then 20 parallel checks grant it once', async () => {
    const player = await newPlayer(t.server, t.config);
    const quest = await questOf(player, 'channel');
    expect(await check(player, quest.id)).toEqual({ done: false });

    // Telegram's side: the player joins the channel (the fake's HTTP control route).
    const joined = await fetch(`${t.telegram.url}/__fake/chat-member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chatId: t.config.telegram.newsChannelId,
        userId: player.tgId,
        status: 'member',
      }),
    });
    expect(joined.status).toBe(200);

    const before = await me(t.server, player);
    const results = await Promise.all(Array.from({ length: 20 }, () => check(player, quest.id)));
    const after = await me(t.server, player);
    // The balances after the reward, with their version, for the client to set (never to add to).
    const { generationLimit, memeCoins, swipes, balanceVersion } = after;
    expect(results.filter((result) => result.reward)).toEqual([
      {
        done: true,
        reward: { coins: 500 },
        balances: { generationLimit, memeCoins, swipes, balanceVersion },
      },
    ]);
    expect(balanceVersion).toBe(before.balanceVersion + 1);
    expect(results.every((result) => result.done)).toBe(true);
    expect(await check(player, quest.id)).toEqual({ done: true });
    expect(await questRows(player)).toEqual([{ kind: 'coins', delta: 500 }]);
    expect(after.tasksCount).toBe(1);
    expect(after.memeCoins).toBe(500);
    expect((await questOf(player, 'channel')).done).toBe(true);
  });

  it('answers 503 and grants nothing when Telegram cannot be asked', async () => {
    const player = await newPlayer(t.server, t.config);
    const quest = await questOf(player, 'channel');
    t.telegram.setChatMember(t.config.telegram.newsChannelId, player.tgId, 'administrator');
    t.telegram.failNext({ method: 'getChatMember', errorCode: 502, times: t.config.telegram.apiMaxAttempts });
    const res = await request(t.server)
      .get(`/api/v1/tasks/check-task/${quest.id}/`)
      .set(bearer(player))
      .expect(503);
    expect(res.body).toEqual({
      detail: 'Telegram is unavailable, try again later',
      code: 'TELEGRAM_UNAVAILABLE',
    });
    expect(await questRows(player)).toEqual([]);
    expect((await me(t.server, player)).tasksCount).toBe(0);
    // Once Telegram answers again, the channel admin counts as a member.
    expect(await check(player, quest.id)).toEqual(rewarded({ coins: 500 }));
  });

  it('multiplies quest coins while boosted (they are earned) and adds credits as they are', async () => {
    const player = await newPlayer(t.server, t.config);
    await t.dataSource.transaction((em) => counters.extendBoost(player.tgId, 1, em));
    await t.dataSource.transaction(async (em) => {
      for (let i = 0; i < 5; i++) await referrals.recordFriendGenerated(player.tgId, 0, em);
    });
    const [one, five, ten] = [0, 1, 2].map(async (i) => questOf(player, 'invite_friends', i));
    expect(await check(player, (await one).id)).toEqual(
      rewarded({ coins: 300 * t.config.coins.boostedMultiplier }),
    );
    expect(await check(player, (await five).id)).toEqual(
      rewarded({ coins: 1500 * t.config.coins.boostedMultiplier, credits: 3 }),
    );
    expect(await check(player, (await ten).id)).toEqual({ done: false });
    expect((await me(t.server, player)).tasksCount).toBe(2);
  });

  it('checks the first meme and a published meme from the player’s own records', async () => {
    const player = await newPlayer(t.server, t.config);
    const first = await questOf(player, 'first_meme');
    const publish = await questOf(player, 'publish_meme');
    expect(await check(player, first.id)).toEqual({ done: false });
    expect(await check(player, publish.id)).toEqual({ done: false });

    // A generation finishes: the player's meme (what the generations module does on success).
    const meme = await t.dataSource.transaction(async (em) => {
      await counters.recordGeneration(player.tgId, em);
      return t.app.get(MemesService).createForGeneration(em, {
        ownerId: player.tgId,
        generationId: randomUUID(),
        templateId: null,
        text: `quest meme ${player.tgId}`,
        imageKey: `memes/${randomUUID()}.jpg`,
        plainImageKey: null,
        thumbnailKey: `memes/${randomUUID()}.jpg`,
        width: 512,
        height: 512,
      });
    });
    expect(await check(player, first.id)).toEqual(rewarded({ coins: 200 }));
    expect(await check(player, publish.id)).toEqual({ done: false });
    await request(t.server)
      .patch(`/api/v1/memes/${meme.id}/`)
      .set(bearer(player))
      .send({ isPublished: true })
      .expect(200);
    expect(await check(player, publish.id)).toEqual(rewarded({ coins: 300 }));
  });

  it('completes sticker pack and TON wallet quests for the modules that see them happen, once', async () => {
    const quests = t.app.get(QuestsService);
    const player = await newPlayer(t.server, t.config);
    const stickers = await questOf(player, 'sticker_pack');
    const wallet = await questOf(player, 'ton_wallet');
    expect(await check(player, stickers.id)).toEqual({ done: false });
    expect(await check(player, wallet.id)).toEqual({ done: false });

    const granted = await Promise.all(
      Array.from({ length: 20 }, () => quests.complete(player.tgId, 'sticker_pack')),
    );
    expect(granted.flat()).toEqual([{ coins: 500 }]);
    expect(await check(player, stickers.id)).toEqual({ done: true });

    await t.dataSource.query('UPDATE users SET has_ton = true WHERE tg_id = $1', [player.tgId]);
    expect(await check(player, wallet.id)).toEqual(rewarded({ coins: 1000 }));
    expect(await quests.complete(player.tgId, 'ton_wallet')).toEqual([]);
    expect((await me(t.server, player)).tasksCount).toBe(2);
  });

  it('counts the app opened 7 UTC days in a row, and a missed day starts over', async () => {
    const player = await newPlayer(t.server, t.config);
    const streak = await questOf(player, 'visit_streak');
    const openOn = async (day: number) => {
      clock.offsetDays = day;
      await request(t.server).get('/api/v1/auth/me/').set(bearer(player)).expect(200);
    };
    try {
      // Days 0–2, a gap on day 3, then days 4–10.
      for (const day of [0, 1, 2, 4, 5, 6, 7, 8, 9]) await openOn(day);
      expect(await check(player, streak.id)).toEqual({ done: false });
      await openOn(10);
      expect(await check(player, streak.id)).toEqual(rewarded({ coins: 1000, credits: 3 }));
    } finally {
      clock.offsetDays = 0;
    }
  });

  it('lets admins add a quest for another channel; unknown ids are 404', async () => {
    const admin = await newPlayer(t.server, t.config);
    await t.dataSource.query('UPDATE users SET is_admin = true, admin_by_command = true WHERE tg_id = $1', [
      admin.tgId,
    ]);
    const player = await newPlayer(t.server, t.config);
    const body = {
      kind: 'channel',
      title: { en: 'Join the memes chat', ru: 'Вступите в чат мемов' },
      description: { en: 'Talk memes', ru: 'Болтаем о мемах' },
      link: 'https://t.me/mememint_chat',
      chatId: '@mememint_chat',
      rewardCredits: 2,
      sortOrder: 100,
    };
    await request(t.server).post('/api/v1/tasks/').set(bearer(player)).send(body).expect(403);
    const created = (await request(t.server).post('/api/v1/tasks/').set(bearer(admin)).send(body).expect(201))
      .body;
    expect((await questsOf(player)).at(-1)).toMatchObject({
      id: created.id,
      title: 'Join the memes chat',
      link: 'https://t.me/mememint_chat',
      reward: { credits: 2 },
    });
    t.telegram.setChatMember(t.config.telegram.newsChannelId, player.tgId, 'member');
    expect(await check(player, created.id)).toEqual({ done: false });
    t.telegram.setChatMember('@mememint_chat', player.tgId, 'member');
    expect(await check(player, created.id)).toEqual(rewarded({ credits: 2 }));

    await request(t.server)
      .patch(`/api/v1/tasks/${created.id}/`)
      .set(bearer(admin))
      .send({ isActive: false })
      .expect(200);
    for (const id of [created.id, 999_999, 'abc']) {
      const res = await request(t.server)
        .get(`/api/v1/tasks/check-task/${id}/`)
        .set(bearer(player))
        .expect(404);
      expect(res.body).toEqual({ detail: 'Task not found' });
    }
    await request(t.server)
      .post('/api/v1/tasks/')
      .set(bearer(admin))
      .send({ ...body, chatId: 'not a chat' })
      .expect(400);
  });

  it('keeps every balance equal to its ledger sum', async () => {
    expect(await ledger.findImbalances()).toEqual([]);
  });
});
