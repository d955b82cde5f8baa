import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  ErrorText,
  type FeedItemDto,
  type FeedVoteDto,
  type MemeDto,
  type MemeOfTheDayDto,
  type Page,
  type VotedItemDto,
} from '@mememint/contracts';
import request from 'supertest';

import { addDays, Clock, utcDay } from '../src/common/clock.js';
import { FeedQueue } from '../src/feed/feed-queue.js';
import { SettlementService } from '../src/feed/settlement.service.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { MemeLikesService } from '../src/memes/meme-likes.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { expectBooksBalanced, ledgerRows, publishMeme, seedMemes, swipe } from './helpers/feed.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { MovableClock } from './helpers/movable-clock.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// Some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

const DAY_MS = 86_400_000;
const today = () => utcDay(new Date());

describe('feed', () => {
  let t: TestApp;
  const clock = new MovableClock();
  const sockets: SocketRecorder[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { SWIPE_MIN_INTERVAL_MS: '0' },
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  async function connect(player: Player): Promise<SocketRecorder> {
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);
    return socket;
  }

  const vote = (player: Player, memeId: string, body: object = {}) =>
    request(t.server).post(`/api/v1/feed/${memeId}/`).set(bearer(player)).send(body);

  async function playerWithCoins(coins: number): Promise<Player> {
    const player = await newPlayer(t.server, t.config);
    if (coins > 0) await t.app.get(LedgerService).addCoins(player.tgId, coins, { reason: 'purchase' });
    return player;
  }

  const feedPage = async (player: Player, query: string) =>
    (await request(t.server).get(`/api/v1/feed/${query}`).set(bearer(player)).expect(200))
      .body as Page<FeedItemDto>;

  const memeOfTheDay = (player: Player, query = '') =>
    request(t.server).get(`/api/v1/feed/meme-of-the-day/${query}`).set(bearer(player));

  /** Memes of `author` published at `at` (their contest day is its UTC day). */
  async function publishedAt(author: Player, count: number, at: string): Promise<MemeDto[]> {
    clock.set(at);
    const drafts = await seedMemes(t, author, count, { publish: false });
    const memes: MemeDto[] = [];
    for (const draft of drafts) {
      memes.push(await publishMeme(t.server, author, draft.id));
      clock.advance(60_000);
    }
    return memes;
  }

  describe('GET /api/v1/feed/', () => {
    it('pages published memes by contest day period (UTC day, ISO week, month, all), top or new first', async () => {
      const author = await newPlayer(t.server, t.config);
      const viewer = await playerWithCoins(0);
      // Wednesday 2025-11-26 (a year back: no day the tests below count back from today): the week began on
      // Monday the 24th, the month on the 1st.
      const [wednesday] = await publishedAt(author, 1, '2025-11-26T08:00:00Z');
      const [monday] = await publishedAt(author, 1, '2025-11-24T08:00:00Z');
      const [sunday] = await publishedAt(author, 1, '2025-11-23T08:00:00Z');
      const [first] = await publishedAt(author, 1, '2025-11-01T08:00:00Z');
      const [october] = await publishedAt(author, 1, '2025-10-31T08:00:00Z');
      const ours = [wednesday!, monday!, sunday!, first!, october!].map((meme) => meme.id);
      await t.dataSource.query(`UPDATE memes SET likes = 5 WHERE id = $1`, [sunday!.id]);
      await t.dataSource.query(`UPDATE memes SET likes = 9 WHERE id = $1`, [first!.id]);
      clock.set('2025-11-26T20:00:00Z');

      const idsOf = async (query: string) =>
        (await feedPage(viewer, query)).items.map((item) => item.id).filter((id) => ours.includes(id));
      expect(await idsOf('?period=day')).toEqual([wednesday!.id]);
      expect(await idsOf('')).toEqual([wednesday!.id]);
      expect(await idsOf('?period=week&sort=new')).toEqual([wednesday!.id, monday!.id]);
      expect(await idsOf('?period=month&sort=new')).toEqual([
        wednesday!.id,
        monday!.id,
        sunday!.id,
        first!.id,
      ]);
      // Top: most liked first, equal likes by the earliest published.
      expect(await idsOf('?period=all&sort=top&pageSize=100')).toEqual([
        first!.id,
        sunday!.id,
        october!.id,
        monday!.id,
        wednesday!.id,
      ]);

      const page = await feedPage(viewer, '?period=month&sort=new&page=2&pageSize=1');
      expect(page).toMatchObject({ page: 2, pageSize: 1 });
      expect(page.items.map((item) => item.id)).toEqual([monday!.id]);
      expect(page.total).toBeGreaterThanOrEqual(4);
      expect(page.items[0]).toEqual({
        ...monday!,
        author: { tgId: author.tgId, username: null, firstName: 'Test', photoUrl: null },
        voted: null,
      });

      for (const bad of ['?period=year', '?sort=hot', '?page=0', '?pageSize=101'])
        await request(t.server).get(`/api/v1/feed/${bad}`).set(bearer(viewer)).expect(400);
      clock.reset();
    });
  });

  describe('POST /api/v1/feed/{memeId}/', () => {
    it('stakes coins on a meme of today: a like that pays its author, shown as `voted` in the feed and the deck', async () => {
      const author = await newPlayer(t.server, t.config);
      const voter = await playerWithCoins(100);
      const [meme] = await seedMemes(t, author, 1);
      const [authorSocket, voterSocket] = await Promise.all([connect(author), connect(voter)]);

      const res = await vote(voter, meme!.id).expect(200);
      const voterNow = await me(t.server, voter);
      expect(res.body).toEqual({
        memeId: meme!.id,
        amount: t.config.coins.feedVoteDefaultStake,
        memeCoins: 100 - t.config.coins.feedVoteDefaultStake,
        generationLimit: voterNow.generationLimit,
        swipes: voterNow.swipes,
        balanceVersion: voterNow.balanceVersion,
        likes: 1,
      } satisfies FeedVoteDto);
      expect(await voterSocket.until('balance')).toMatchObject({ memeCoins: 90 });
      expect(await authorSocket.until('meme:liked')).toEqual({ memeId: meme!.id, likes: 1 });
      expect(await me(t.server, author)).toMatchObject({ memeCoins: t.config.coins.perLikeReceived });
      expect(await me(t.server, voter)).toMatchObject({ memeCoins: 90 });

      const item = (await feedPage(voter, '?period=day&pageSize=100')).items.find((i) => i.id === meme!.id);
      expect(item).toMatchObject({ voted: 10, likes: 1 });
      const dealt = (await request(t.server).get('/api/v1/swipes/?limit=50').set(bearer(voter)).expect(200))
        .body.items as FeedItemDto[];
      expect(dealt.find((i) => i.id === meme!.id)).toMatchObject({ voted: 10 });

      const other = await playerWithCoins(100);
      expect((await vote(other, meme!.id, { amount: 35 }).expect(200)).body).toMatchObject({
        memeId: meme!.id,
        amount: 35,
        memeCoins: 65,
        likes: 2,
      });
      await expectBooksBalanced(t);
    });

    it('refuses a second vote (409), an own meme, a bad amount, an unaffordable stake (400), an unknown meme (404), and charges none', async () => {
      const author = await playerWithCoins(50);
      const voter = await playerWithCoins(20);
      const [meme, pricey] = await seedMemes(t, author, 2);
      const [hidden] = await seedMemes(t, author, 1, { publish: false });
      await vote(voter, meme!.id, { amount: 5 }).expect(200);
      const before = await me(t.server, voter);

      expect((await vote(voter, meme!.id, { amount: 5 }).expect(409)).body).toEqual({
        detail: ErrorText.alreadyVoted,
      });
      expect((await vote(author, meme!.id).expect(400)).body).toEqual({ detail: ErrorText.ownMemeVote });
      for (const amount of [0, -3, 1.5, '10', 2 ** 31])
        expect((await vote(voter, pricey!.id, { amount }).expect(400)).body.detail).toMatch(/amount/);
      expect((await vote(voter, pricey!.id, { amount: 16 }).expect(400)).body).toEqual({
        detail: ErrorText.notEnoughCoins,
      });
      for (const id of [hidden!.id, '00000000-0000-4000-8000-000000000000', 'x'])
        expect((await vote(voter, id).expect(404)).body).toEqual({ detail: ErrorText.memeNotFound });

      expect(await me(t.server, voter)).toEqual(before);
      // The refused stake left the vote free to make.
      await vote(voter, pricey!.id, { amount: 15 }).expect(200);
      await expectBooksBalanced(t);
    });

    it('takes votes only on memes of today’s contest', async () => {
      const author = await newPlayer(t.server, t.config);
      const voter = await playerWithCoins(100);
      const [yesterdays] = await publishedAt(author, 1, new Date(Date.now() - DAY_MS).toISOString());
      clock.reset();
      expect((await vote(voter, yesterdays!.id).expect(400)).body).toEqual({
        detail: ErrorText.votingClosed,
      });
      expect(await me(t.server, voter)).toMatchObject({ memeCoins: 100 });
    });

    it('of 20 parallel votes of one player on one meme exactly one counts, charged once', async () => {
      const author = await newPlayer(t.server, t.config);
      const voter = await playerWithCoins(1000);
      const [meme] = await seedMemes(t, author, 1);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => vote(voter, meme!.id, { amount: 7 })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
      expect(await me(t.server, voter)).toMatchObject({ memeCoins: 993 });
      expect(await ledgerRows(t, voter.tgId, 'vote')).toEqual([{ kind: 'coins', delta: -7 }]);
      await t.app.get(MemeLikesService).flush();
      expect(await me(t.server, author)).toMatchObject({ memeCoins: 2 });
      await expectBooksBalanced(t);
    });
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
