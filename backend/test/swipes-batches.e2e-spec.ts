import { describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type SwipeResultDto } from '@mememint/contracts';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { MemeLikesService } from '../src/memes/meme-likes.service.js';
import { MetricsService } from '../src/metrics/metrics.service.js';
import { useSwipesApp, expectBooksBalanced, ledgerRows, seedMemes, swipe } from './helpers/feed.js';
import { me, newPlayer, type Player } from './helpers/memes.js';
import type { SocketApp } from './helpers/socket-recorder.js';

jest.setTimeout(60_000);

describe('swipes', () => {
  let t: SocketApp;
  const connect = useSwipesApp((app) => (t = app));

  describe('POST /api/v1/swipes/{memeId}/', () => {
    it('of 50 parallel swipes with 10 swipes left exactly 10 succeed; the rest answer "No swipes left"', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const memes = await seedMemes(t, author, 50);
      await t.app.get(LedgerService).spendSwipes(player.tgId, t.config.swipes.max - 10, { reason: 'revoke' });

      const answers = await Promise.all(memes.map((meme) => swipe(t.server, player, meme.id)));
      const ok = answers.filter((res) => res.status === 200);
      const refused = answers.filter((res) => res.status !== 200);
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const res of refused) {
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe(ErrorText.noSwipesLeft);
        expect(Date.parse(res.body.nextRefillAt)).toBeGreaterThan(Date.now());
      }
      expect(ok.map((res) => (res.body as SwipeResultDto).swipedCount).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      // The 10th swipe rolled the gift (SWIPE_GIFT_CHANCE=1).
      expect(ok.filter((res) => (res.body as SwipeResultDto).gift !== null)).toHaveLength(1);

      expect(await me(t.server, player)).toMatchObject({
        swipes: 0,
        memeCoins: 10,
        swipedCount: 10,
        swipedGiftCount: 1,
      });
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::integer AS count FROM swipes WHERE user_id = $1`,
        [player.tgId],
      );
      expect(count).toBe(10);
      await t.app.get(MemeLikesService).flush();
      expect(await me(t.server, author)).toMatchObject({ memeCoins: 20 });
      await expectBooksBalanced(t);
    });

    it('100 players liking one meme at once: its likes and its author’s coins exact, applied in batches', async () => {
      const author = await newPlayer(t.server, t.config);
      const [meme] = await seedMemes(t, author, 1);
      const authorSocket = await connect(author);
      const players = await Promise.all(Array.from({ length: 100 }, () => newPlayer(t.server, t.config)));

      const answers = await Promise.all(players.map((player) => swipe(t.server, player, meme!.id, true)));
      expect(answers.map((res) => res.status)).toEqual(players.map(() => 200));

      expect(await authorSocket.until('meme:liked', (liked) => liked.likes === 100)).toEqual({
        memeId: meme!.id,
        likes: 100,
      });
      expect(await me(t.server, author)).toMatchObject({ memeCoins: 100 * t.config.coins.perLikeReceived });
      const [row] = await t.dataSource.query(`SELECT likes FROM memes WHERE id = $1`, [meme!.id]);
      expect(row.likes).toBe(100);
      const [{ pending }] = await t.dataSource.query(
        `SELECT count(*)::integer AS pending FROM pending_likes WHERE meme_id = $1`,
        [meme!.id],
      );
      expect(pending).toBe(0);
      // Batched: the author's balance was written far fewer times than there were likes.
      const credits = await ledgerRows(t, author.tgId, 'like');
      expect(credits.reduce((sum, credit) => sum + credit.delta, 0)).toBe(200);
      expect(credits.length).toBeLessThan(50);
      await expectBooksBalanced(t);
    });

    it('swipes that wait while the database is busy leave together in one batch, each with its own answer', async () => {
      const author = await newPlayer(t.server, t.config);
      const blockers = await Promise.all(Array.from({ length: 8 }, () => newPlayer(t.server, t.config)));
      const players = await Promise.all(Array.from({ length: 30 }, () => newPlayer(t.server, t.config)));
      const [own, repeated, noneLeft, ...rest] = players;
      const memes = await seedMemes(t, author, 2);
      const [ownMeme] = await seedMemes(t, own!, 1);
      await swipe(t.server, repeated!, memes[0]!.id).expect(200);
      await t.app.get(LedgerService).spendSwipes(noneLeft!.tgId, t.config.swipes.max, { reason: 'revoke' });
      // Batches so far, and those of more than 20 swipes (mememint_swipe_batch_size).
      const batches = async () => {
        const text = await t.app
          .get(MetricsService)
          .registry.getSingleMetricAsString('mememint_swipe_batch_size');
        const value = (series: string) =>
          Number(
            text
              .split('\n')
              .find((line) => line.startsWith(`${series} `))
              ?.split(' ')[1] ?? 0,
          );
        const count = value('mememint_swipe_batch_size_count');
        return { count, over20: count - value('mememint_swipe_batch_size_bucket{le="20"}') };
      };
      const before = await batches();
      const balancesBefore = await me(t.server, rest[0]!);

      // The blockers' rows are locked here (as the ledger locks them; a visit's key share still passes),
      // so 8 swipes of theirs hold the API's batch slot and the rest wait...
      const runner = t.dataSource.createQueryRunner();
      await runner.startTransaction();
      await runner.query(`SELECT 1 FROM users WHERE tg_id = ANY($1) FOR NO KEY UPDATE`, [
        blockers.map((b) => b.tgId),
      ]);
      const blocked = Promise.all(
        blockers.map((blocker) => swipe(t.server, blocker, memes[0]!.id).then((res) => res)),
      );
      for (;;) {
        const [{ waiting }] = await t.dataSource.query(
          `SELECT count(*)::integer AS waiting FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE 'WITH ledger_users%'`,
        );
        if (waiting >= 1) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // ...as do the next 30 swipes: an own meme, a repeat, one with no swipe left, an
      // unknown meme and 26 that pay.
      const answers = Promise.all([
        swipe(t.server, own!, ownMeme!.id).then((res) => res),
        swipe(t.server, repeated!, memes[0]!.id).then((res) => res),
        swipe(t.server, noneLeft!, memes[0]!.id).then((res) => res),
        swipe(t.server, rest[0]!, '00000000-0000-4000-8000-000000000000').then((res) => res),
        ...rest.slice(1).map((player) => swipe(t.server, player, memes[1]!.id).then((res) => res)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await runner.commitTransaction();
      await runner.release();

      expect((await blocked).map((res) => res.status)).toEqual(blockers.map(() => 200));
      const [ownRes, repeatRes, noneLeftRes, unknownRes, ...paid] = await answers;
      expect([ownRes!.status, ownRes!.body.detail]).toEqual([400, ErrorText.ownMemeSwipe]);
      expect([repeatRes!.status, repeatRes!.body.detail]).toEqual([409, ErrorText.alreadySwiped]);
      expect([noneLeftRes!.status, noneLeftRes!.body.detail]).toEqual([400, ErrorText.noSwipesLeft]);
      expect([unknownRes!.status, unknownRes!.body.detail]).toEqual([404, ErrorText.memeNotFound]);
      expect(paid.map((res) => res.status)).toEqual(paid.map(() => 200));
      for (const res of paid)
        expect(res.body).toMatchObject({
          swipes: t.config.swipes.max - 1,
          memeCoins: 1,
          coinsEarned: 1,
          swipedCount: 1,
        });
      expect(await me(t.server, rest[0]!)).toEqual(balancesBefore);

      // The 30 that waited left together (with the blockers that waited too): one batch over 20.
      const after = await batches();
      expect(after.count - before.count).toBeLessThan(8 + 30);
      expect(after.over20 - before.over20).toBeGreaterThanOrEqual(1);
      await t.app.get(MemeLikesService).flush();
      expect(await me(t.server, author)).toMatchObject({
        memeCoins: (1 + 8 + 26) * t.config.coins.perLikeReceived,
      });
      await expectBooksBalanced(t);
    });

    it('a batch made a deadlock’s victim runs again: its swipes succeed once, the books balance', async () => {
      const author = await newPlayer(t.server, t.config);
      const blockers = await Promise.all(Array.from({ length: 4 }, () => newPlayer(t.server, t.config)));
      const pair = (await Promise.all([newPlayer(t.server, t.config), newPlayer(t.server, t.config)])).sort(
        (a, b) => a.tgId - b.tgId,
      );
      const [low, high] = pair as [Player, Player];
      const [meme] = await seedMemes(t, author, 1);
      const waitingStatements = async () =>
        (
          await t.dataSource.query(
            `SELECT count(*)::integer AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE 'WITH ledger_users%'`,
          )
        )[0].n as number;
      const until = async (condition: () => Promise<boolean>) => {
        for (let tries = 0; !(await condition()); tries++) {
          if (tries > 500) throw new Error('the swipes never reached the database');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };

      // The blockers hold the batch slot, so the pair's swipes wait and leave together, one batch.
      const holdBlockers = t.dataSource.createQueryRunner();
      await holdBlockers.startTransaction();
      await holdBlockers.query(`SELECT 1 FROM users WHERE tg_id = ANY($1) FOR NO KEY UPDATE`, [
        blockers.map((blocker) => blocker.tgId),
      ]);
      // Another transaction holds the higher id first and will ask for the lower one: the other order.
      // It waits longer before looking for a deadlock, so the batch is the one PostgreSQL rolls back.
      const otherOrder = t.dataSource.createQueryRunner();
      await otherOrder.startTransaction();
      await otherOrder.query(`SET LOCAL deadlock_timeout = '10s'`);
      const [{ pid: otherOrderPid }] = await otherOrder.query(`SELECT pg_backend_pid() AS pid`);
      await otherOrder.query(`SELECT 1 FROM users WHERE tg_id = $1 FOR NO KEY UPDATE`, [high.tgId]);
      const blocked = Promise.all(
        blockers.map((blocker) => swipe(t.server, blocker, meme!.id).then((res) => res)),
      );
      await until(async () => (await waitingStatements()) >= 1);
      const answers = Promise.all(pair.map((player) => swipe(t.server, player, meme!.id).then((res) => res)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holdBlockers.commitTransaction();
      await holdBlockers.release();
      // The pair's batch (with blockers that waited too) has the lower id locked and waits for the higher one...
      await until(
        async () =>
          (
            await t.dataSource.query(
              `SELECT count(*)::integer AS n FROM pg_stat_activity
                WHERE query LIKE 'WITH ledger_users%' AND $1 = ANY(pg_blocking_pids(pid))`,
              [otherOrderPid],
            )
          )[0].n > 0,
      );
      // ...which asks for the lower one: a deadlock, and the batch is its victim.
      await otherOrder.query(`SELECT 1 FROM users WHERE tg_id = $1 FOR NO KEY UPDATE`, [low.tgId]);
      await otherOrder.commitTransaction();
      await otherOrder.release();

      expect((await answers).map((res) => res.status)).toEqual([200, 200]);
      expect((await blocked).map((res) => res.status)).toEqual(blockers.map(() => 200));
      for (const player of pair)
        expect(await me(t.server, player)).toMatchObject({ memeCoins: 1, swipedCount: 1 });
      await expectBooksBalanced(t);
    });
  });
});
