import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type FeedItemDto, type FeedVoteDto } from '@mememint/contracts';
import request from 'supertest';

import { MemeLikesService } from '../src/memes/meme-likes.service.js';
import { expectBooksBalanced, feedSuite, ledgerRows, seedMemes } from './helpers/feed.js';
import { bearer, me, newPlayer } from './helpers/memes.js';
import type { TestApp } from './helpers/test-app.js';

// Hundreds of requests and a moved clock per test: seconds apiece on a busy box.
jest.setTimeout(180_000);

const DAY_MS = 86_400_000;

describe('feed', () => {
  const suite = feedSuite();
  const { clock, connect, vote, playerWithCoins, feedPage, publishedAt } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });

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
});
