import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { QuestCheckDto, QuestDto, QuestListDto } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { ReferralsService } from '../src/users/referrals.service.js';
import { UserCountersService } from '../src/users/user-counters.service.js';
import { expectBooksBalanced, seedMemes } from './helpers/feed.js';
import { createTelegramTestApp, type TelegramTestApp } from './helpers/fake-telegram.js';
import { bearer, me, newPlayer } from './helpers/memes.js';

// Dozens of transactions queue on one player's row on a shared 2-core machine.
jest.setTimeout(120_000);

/**
 * A vote, a promo code or a quest inserts its own row first (whose foreign key share-locks the
 * player's `users` row) and then the ledger locks that row to change the balance. Many of them at
 * once for one player must queue on the row, never deadlock: every affordable request succeeds,
 * the others get a 4xx, and no request answers a 5xx.
 */
describe('the ledger joining a transaction (lock order)', () => {
  let t: TelegramTestApp;
  let ledger: LedgerService;

  beforeAll(async () => {
    t = await createTelegramTestApp({ env: { PROMO_MAX_USES: '100' } });
    ledger = t.app.get(LedgerService);
  });
  afterAll(() => t.close());

  const statusesOf = (responses: { status: number }[]) =>
    responses.map((res) => res.status).sort((a, b) => a - b);

  it('40 parallel votes of one player on different memes: the affordable 25 succeed, 15 get 400', async () => {
    const author = await newPlayer(t.server, t.config);
    const voter = await newPlayer(t.server, t.config);
    const memes = await seedMemes(t, author, 40);
    const stake = t.config.coins.feedVoteDefaultStake;
    const start = (await me(t.server, voter)).memeCoins;
    await ledger.addCoins(voter.tgId, 25 * stake - start, { reason: 'purchase' });

    const responses = await Promise.all(
      memes.map((meme) => request(t.server).post(`/api/v1/feed/${meme.id}/`).set(bearer(voter)).send({})),
    );

    expect(statusesOf(responses)).toEqual([...Array(25).fill(200), ...Array(15).fill(400)]);
    expect((await me(t.server, voter)).memeCoins).toBe(0);
    const [{ votes }] = await t.dataSource.query(
      `SELECT count(*)::int AS votes FROM feed_votes WHERE user_id = $1`,
      [voter.tgId],
    );
    expect(votes).toBe(25);
    await expectBooksBalanced(t);
  });

  it('50 parallel votes of 10 players on each other’s memes all succeed', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => newPlayer(t.server, t.config)));
    const memesOf = await Promise.all(players.map((player) => seedMemes(t, player, 5)));
    const stake = t.config.coins.feedVoteDefaultStake;
    for (const player of players) await ledger.addCoins(player.tgId, 10 * stake, { reason: 'purchase' });

    // Each player votes on 5 memes of the next one: each also receives likes of its own memes.
    const responses = await Promise.all(
      players.flatMap((player, i) =>
        memesOf[(i + 1) % players.length]!.map((meme) =>
          request(t.server).post(`/api/v1/feed/${meme.id}/`).set(bearer(player)).send({}),
        ),
      ),
    );
    expect(statusesOf(responses)).toEqual(Array(50).fill(200));
    await expectBooksBalanced(t);
  });

  it('5 different promo codes applied at once by one player: all 5 succeed', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const influencer = await newPlayer(t.server, t.config);
      await t.app.get(SquadsService).setInfluencer(influencer.tgId, true);
      codes.push(
        (await request(t.server).post('/api/v1/promocodes/').set(bearer(influencer)).send({}).expect(201))
          .body.id,
      );
    }
    const player = await newPlayer(t.server, t.config);
    const credits = (await me(t.server, player)).generationLimit;

    const responses = await Promise.all(
      codes.map((code) => request(t.server).post(`/api/v1/promocodes/${code}/`).set(bearer(player))),
    );
    expect(statusesOf(responses)).toEqual(Array(5).fill(200));
    expect((await me(t.server, player)).generationLimit).toBe(credits + 5 * t.config.promo.creditsPerUse);
    // And again at once: each a 409, nothing more granted.
    const again = await Promise.all(
      codes.map((code) => request(t.server).post(`/api/v1/promocodes/${code}/`).set(bearer(player))),
    );
    expect(statusesOf(again)).toEqual(Array(5).fill(409));
    expect((await me(t.server, player)).generationLimit).toBe(credits + 5 * t.config.promo.creditsPerUse);
    await expectBooksBalanced(t);
  });

  it('every completed quest checked at once, each twice: each granted once, no 5xx', async () => {
    const player = await newPlayer(t.server, t.config);
    const referrals = t.app.get(ReferralsService);
    await t.dataSource.transaction(async (em) => {
      await t.app.get(UserCountersService).recordGeneration(player.tgId, em);
      for (let i = 0; i < 5; i++) await referrals.recordFriendGenerated(player.tgId, 0, em);
    });
    await t.dataSource.query('UPDATE users SET has_ton = true WHERE tg_id = $1', [player.tgId]);
    t.telegram.setChatMember(t.config.telegram.newsChannelId, player.tgId, 'member');
    const quests = (
      (await request(t.server).get('/api/v1/tasks/').set(bearer(player)).expect(200)).body as QuestListDto
    ).items;
    const completed = quests.filter(
      (quest: QuestDto) =>
        ['channel', 'first_meme', 'ton_wallet'].includes(quest.kind) ||
        (quest.kind === 'invite_friends' &&
          quest.id !== quests.filter((q) => q.kind === 'invite_friends')[2]!.id),
    );
    expect(completed).toHaveLength(5);

    const responses = await Promise.all(
      [...completed, ...completed].map((quest) =>
        request(t.server).get(`/api/v1/tasks/check-task/${quest.id}/`).set(bearer(player)),
      ),
    );
    expect(statusesOf(responses)).toEqual(Array(10).fill(200));
    const rewarded = responses.filter((res) => (res.body as QuestCheckDto).reward);
    expect(rewarded).toHaveLength(5);
    expect((await me(t.server, player)).tasksCount).toBe(5);
    await expectBooksBalanced(t);
  });
});
