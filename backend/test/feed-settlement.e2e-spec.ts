import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type MemeOfTheDayDto, type Page, type VotedItemDto } from '@mememint/contracts';
import request from 'supertest';

import { addDays, Clock, utcDay } from '../src/common/clock.js';
import { FeedQueue } from '../src/feed/feed-queue.js';
import { SettlementService } from '../src/feed/settlement.service.js';
import { MemeLikesService } from '../src/memes/meme-likes.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { expectBooksBalanced, feedSuite, ledgerRows, swipe } from './helpers/feed.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// Some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

const today = () => utcDay(new Date());

describe('feed', () => {
  const suite = feedSuite();
  const { clock, connect, vote, playerWithCoins, memeOfTheDay, publishedAt } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });

  describe('settlement', () => {
    const settle = (day: string, force = false) => t.app.get(SettlementService).settle(day, { force });
    const coinsOf = async (players: Player[]) =>
      Promise.all(players.map(async (player) => (await me(t.server, player)).memeCoins));

    it('pays the author 1000×m and splits the pool pro rata among the winner’s backers, the remainder to the largest stake; a rerun changes nothing', async () => {
      const day = addDays(today(), -10);
      const author = await newPlayer(t.server, t.config);
      const [v1, v2, v3, v4] = await Promise.all([100, 100, 100, 100].map(playerWithCoins));
      const fan = await newPlayer(t.server, t.config);
      const [winner, loser] = await publishedAt(author, 2, `${day}T09:00:00Z`);
      clock.set(`${day}T15:00:00Z`);
      await vote(v1!, winner!.id, { amount: 10 }).expect(200);
      await vote(v2!, winner!.id, { amount: 10 }).expect(200);
      await vote(v3!, winner!.id, { amount: 5 }).expect(200);
      await vote(v4!, loser!.id, { amount: 12 }).expect(200);
      await swipe(t.server, fan, winner!.id, true).expect(200);
      await t.app.get(MemeLikesService).flush();
      const watcher = await connect(await newPlayer(t.server, t.config));
      const v1Socket = await connect(v1!);
      const authorBefore = (await me(t.server, author)).memeCoins;

      // The daily job settles the day that ended, and tells the sockets.
      clock.set(`${addDays(day, 1)}T00:00:05Z`);
      expect(await t.app.get(FeedQueue).runSettlementNow()).toContain(day);
      // Pool 37 over stakes 10, 10 and 5 of 25: 14.8, 14.8 and 7.4 rounded down to 14, 14 and 7; the
      // 2 left go to the largest stake, of the two equal ones to the earlier vote (v1).
      expect(await coinsOf([v1!, v2!, v3!, v4!])).toEqual([
        100 - 10 + 16,
        100 - 10 + 14,
        100 - 5 + 7,
        100 - 12,
      ]);
      expect((await me(t.server, author)).memeCoins).toBe(authorBefore + 1000);
      expect(await watcher.until('feed:settled', (event) => event.date === day)).toEqual({
        date: day,
        memeId: winner!.id,
      });
      expect(await v1Socket.until('balance', (balance) => balance.memeCoins === 106)).toBeDefined();

      const voted = (await request(t.server).get('/api/v1/feed/voted/').set(bearer(v1!)).expect(200))
        .body as Page<VotedItemDto>;
      expect(voted.items).toEqual([
        {
          meme: expect.objectContaining({ id: winner!.id, voted: 10 }),
          amount: 10,
          day,
          outcome: 'won',
          payout: 16,
        },
      ]);
      const lost = (await request(t.server).get('/api/v1/feed/voted/').set(bearer(v4!)).expect(200)).body;
      expect(lost.items).toEqual([expect.objectContaining({ amount: 12, day, outcome: 'lost', payout: 0 })]);

      const shown = (await memeOfTheDay(v1!, `?date=${day}`).expect(200)).body as MemeOfTheDayDto;
      expect(shown).toEqual({
        date: day,
        meme: expect.objectContaining({
          id: winner!.id,
          voted: 10,
          author: expect.objectContaining({ tgId: author.tgId }),
        }),
        likes: 4,
        authorReward: 1000,
        pool: 37,
        winningStakes: 25,
        votes: 4,
        winners: 3,
        paidOut: 37,
        refunded: 0,
        settledAt: expect.any(String),
      });

      // Settled once: a rerun (and one forced) changes nothing; no vote lands in the settled day.
      const rows = await t.dataSource.query(`SELECT count(*)::integer AS n FROM ledger_entries`);
      expect(await settle(day)).toMatchObject({ settled: false });
      expect(await settle(day, true)).toMatchObject({ settled: false });
      expect(await t.dataSource.query(`SELECT count(*)::integer AS n FROM ledger_entries`)).toEqual(rows);
      expect(await coinsOf([v1!, v2!, v3!, v4!])).toEqual([106, 104, 102, 88]);
      clock.set(`${day}T23:00:00Z`);
      const late = await playerWithCoins(50);
      expect((await vote(late, loser!.id).expect(400)).body).toEqual({ detail: ErrorText.votingClosed });
      // Its stakes are settled: the meme may leave the feed now.
      await request(t.server)
        .patch(`/api/v1/memes/${loser!.id}/`)
        .set(bearer(author))
        .send({ isPublished: false })
        .expect(200);
      clock.reset();
      await expectBooksBalanced(t);
    });

    it('counts likes of the day only (ties to the earliest published) and refunds every stake when nobody backed the winner', async () => {
      const day = addDays(today(), -9);
      const author = await newPlayer(t.server, t.config);
      const [fan, latecomer] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const [v1, v2] = await Promise.all([playerWithCoins(40), playerWithCoins(40)]);
      const [early, later] = await publishedAt(author, 2, `${day}T10:00:00Z`);
      clock.set(`${day}T18:00:00Z`);
      await swipe(t.server, fan, early!.id, true).expect(200);
      await vote(v1!, later!.id, { amount: 12 }).expect(200);
      await vote(v2!, later!.id, { amount: 3 }).expect(200);
      // A stake keeps the meme in the feed until its day is settled.
      expect(
        (
          await request(t.server)
            .patch(`/api/v1/memes/${later!.id}/`)
            .set(bearer(author))
            .send({ isPublished: false })
            .expect(409)
        ).body,
      ).toEqual({ detail: ErrorText.stakedMemeUnpublish });
      await swipe(t.server, fan, later!.id, false).expect(200);
      // The next day's likes do not count for the day that ended (nor does the memes' running count).
      clock.set(`${addDays(day, 1)}T01:00:00Z`);
      await swipe(t.server, latecomer, early!.id, true).expect(200);
      await swipe(t.server, await newPlayer(t.server, t.config), early!.id, true).expect(200);
      await t.app.get(MemeLikesService).flush();

      const outcome = await settle(day);
      // later: 2 votes during the day; early: 1 like that day (3 with the next day's), so later wins.
      expect(outcome).toMatchObject({ settled: true, winner: { memeId: later!.id, likes: 2 } });
      expect(outcome.votes).toEqual({
        pool: 15,
        winningStakes: 15,
        votes: 2,
        winners: 2,
        paidOut: 15,
        refunded: 0,
      });

      // Tie: one like each, the earlier published wins; its nobody backed, so the stake comes back.
      const tieDay = addDays(today(), -8);
      const [first, second] = await publishedAt(author, 2, `${tieDay}T10:00:00Z`);
      clock.set(`${tieDay}T12:00:00Z`);
      await swipe(t.server, fan, first!.id, true).expect(200);
      await vote(v1!, second!.id, { amount: 9 }).expect(200);
      clock.reset();
      const before = (await me(t.server, v1!)).memeCoins;
      const tie = await settle(tieDay);
      expect(tie).toMatchObject({ winner: { memeId: first!.id, likes: 1 } });
      expect(tie.votes).toEqual({ pool: 9, winningStakes: 0, votes: 1, winners: 0, paidOut: 0, refunded: 9 });
      expect((await me(t.server, v1!)).memeCoins).toBe(before + 9);
      expect(await ledgerRows(t, v1!.tgId, 'stake-refund')).toEqual([{ kind: 'coins', delta: 9 }]);
      const refunded = (await request(t.server).get('/api/v1/feed/voted/').set(bearer(v1!)).expect(200)).body;
      expect(refunded.items[0]).toMatchObject({ day: tieDay, outcome: 'refunded', payout: 9 });

      // A day where nothing was liked has no winner.
      const quietDay = addDays(today(), -7);
      await publishedAt(author, 1, `${quietDay}T10:00:00Z`);
      clock.reset();
      expect(await settle(quietDay)).toMatchObject({ settled: true, winner: null, authorReward: 0 });
      expect((await memeOfTheDay(v1!, `?date=${quietDay}`).expect(200)).body).toMatchObject({
        date: quietDay,
        meme: null,
        pool: 0,
      });
      await expectBooksBalanced(t);
    });

    it('settles an ended day only, today only when forced; answers 404 for a day not settled and 400 for a bad date', async () => {
      const viewer = await newPlayer(t.server, t.config);
      clock.reset();
      await expect(settle(addDays(today(), 1), true)).rejects.toThrow(/has not ended/);
      await expect(settle(today())).rejects.toThrow(/has not ended/);
      expect((await memeOfTheDay(viewer, `?date=${addDays(today(), -30)}`).expect(404)).body).toEqual({
        detail: ErrorText.notSettled,
      });
      for (const bad of ['?date=2026-02-30', '?date=yesterday', '?date=2026-1-5'])
        await memeOfTheDay(viewer, bad).expect(400);
      // The default is the latest settled day.
      const latest = await t.dataSource.query(`SELECT max(day)::text AS day FROM day_settlements`);
      expect((await memeOfTheDay(viewer).expect(200)).body.date).toBe(latest[0].day);
    });

    it('the daily job at 00:00 UTC settles the day that ended, once however many replicas run it', async () => {
      expect(await t.app.get(FeedQueue).schedules()).toEqual([
        { name: 'settle-days', cron: '0 0 * * *', tz: 'UTC' },
      ]);
      const day = addDays(today(), -5);
      const author = await newPlayer(t.server, t.config);
      const voter = await playerWithCoins(10);
      const [meme] = await publishedAt(author, 1, `${day}T10:00:00Z`);
      clock.set(`${day}T11:00:00Z`);
      await vote(voter, meme!.id, { amount: 10 }).expect(200);
      await t.app.get(MemeLikesService).flush();

      const replica = await createTestApp({
        database: t.database,
        env: { SWIPE_MIN_INTERVAL_MS: '0' },
        override: (builder) => builder.overrideProvider(Clock).useValue(clock),
      });
      try {
        clock.set(`${addDays(day, 1)}T00:00:01Z`);
        const authorBefore = (await me(t.server, author)).memeCoins;
        const [here, there] = await Promise.all([
          t.app.get(FeedQueue).runSettlementNow(),
          replica.app.get(FeedQueue).runSettlementNow(),
        ]);
        expect([here, there].filter((days) => days.includes(day))).toHaveLength(1);
        expect((await me(t.server, author)).memeCoins).toBe(authorBefore + 1000);
        expect(await ledgerRows(t, voter.tgId, 'pool-payout')).toEqual([{ kind: 'coins', delta: 10 }]);
        expect(await ledgerRows(t, author.tgId, 'meme-of-the-day')).toEqual([{ kind: 'coins', delta: 1000 }]);
      } finally {
        clock.reset();
        await replica.close();
      }
      await expectBooksBalanced(t);
    });

    it('`npm run admin -- settle <day> [--force]` settles a day once; today only with --force', async () => {
      const day = addDays(today(), -6);
      const author = await newPlayer(t.server, t.config);
      const voter = await playerWithCoins(30);
      const [meme] = await publishedAt(author, 1, `${day}T10:00:00Z`);
      clock.set(`${day}T11:00:00Z`);
      await vote(voter, meme!.id, { amount: 30 }).expect(200);
      clock.reset();

      // The CLI reaches the app's sockets through the same Redis and key prefix.
      const env = {
        DATABASE_URL: t.database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
      };
      const admin = (args: string[]) => runAdminCli(args, env);
      const voterSocket = await connect(voter);

      const first = await admin(['settle', day]);
      expect(first).toMatchObject({ code: 0 });
      expect(first.output).toContain(`Settled ${day}: meme of the day ${meme!.id} (1 likes)`);
      expect(first.output).toContain('1 votes, pool 30: 30 paid out, 0 refunded');
      expect((await me(t.server, voter)).memeCoins).toBe(30);
      expect(await voterSocket.until('feed:settled', (event) => event.date === day)).toEqual({
        date: day,
        memeId: meme!.id,
      });
      expect(await voterSocket.until('balance', (balance) => balance.memeCoins === 30)).toBeDefined();
      const again = await admin(['settle', day]);
      expect(again).toMatchObject({ code: 0 });
      expect(again.output).toContain(`${day} was settled before: nothing changed`);
      expect((await me(t.server, voter)).memeCoins).toBe(30);

      const notEnded = await admin(['settle', today()]);
      expect(notEnded.code).toBe(1);
      expect(notEnded.output).toContain('has not ended');
      for (const bad of [
        ['settle', 'tomorrow'],
        ['settle'],
        ['settle', '2026-02-30'],
        ['settle', day, '--soon'],
      ])
        expect((await admin(bad)).code).toBe(2);
      // --force settles today (not ended): this runs last, as it closes today's votes.
      const forced = await admin(['settle', today(), '--force']);
      expect(forced).toMatchObject({ code: 0 });
      expect(forced.output).toContain(`Settled ${today()}`);
      expect((await memeOfTheDay(voter, `?date=${today()}`).expect(200)).body.date).toBe(today());
      await expectBooksBalanced(t);
    });
  });
});
