import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  ErrorText,
  type FeedItemDto,
  type OpenedGiftDto,
  type SwipeResultDto,
  type SwipesUsedDto,
} from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { MemeLikesService } from '../src/memes/meme-likes.service.js';
import { MetricsService } from '../src/metrics/metrics.service.js';
import { expectBooksBalanced, ledgerRows, seedMemes, swipe } from './helpers/feed.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { untilScore } from './helpers/rating.js';
import { MovableClock } from './helpers/movable-clock.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(60_000);

const deck = (t: TestApp, player: Player, query = '') =>
  request(t.server).get(`/api/v1/swipes/${query}`).set(bearer(player));

const used = async (t: TestApp, player: Player) =>
  (await request(t.server).get('/api/v1/swipes/used/').set(bearer(player)).expect(200)).body as SwipesUsedDto;

describe('swipes', () => {
  let t: TestApp;
  const sockets: SocketRecorder[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SWIPE_MIN_INTERVAL_MS: '0',
        SWIPE_GIFT_CHANCE: '1',
        SWIPE_DECK_JITTER: '0',
        // Long enough that no swipe refills while a test runs (the refill has its own app below).
        SWIPE_REFILL_SECONDS: '3600',
      },
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

  describe('GET /api/v1/swipes/', () => {
    it('deals published memes of others the player has not swiped, flat with their author, never own or unpublished ones', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const theirs = await seedMemes(t, author, 4);
      const [unpublished] = await seedMemes(t, author, 1, { publish: false });
      const own = await seedMemes(t, player, 2);
      await request(t.server)
        .patch(`/api/v1/memes/${theirs[3]!.id}/`)
        .set(bearer(author))
        .send({ isPublished: false })
        .expect(200);

      const first = (await deck(t, player, '?limit=50').expect(200)).body.items as FeedItemDto[];
      const dealt = first.map((item) => item.id);
      for (const meme of theirs.slice(0, 3)) expect(dealt).toContain(meme.id);
      for (const meme of [...own, unpublished!, theirs[3]!]) expect(dealt).not.toContain(meme.id);
      const item = first.find((candidate) => candidate.id === theirs[0]!.id)!;
      expect(item).toEqual({
        ...theirs[0]!,
        author: { tgId: author.tgId, username: null, firstName: 'Test', photoUrl: null },
        voted: null,
      });

      await swipe(t.server, player, theirs[0]!.id, true).expect(200);
      await swipe(t.server, player, theirs[1]!.id, false).expect(200);
      const after = ((await deck(t, player, '?limit=50').expect(200)).body.items as FeedItemDto[]).map(
        (candidate) => candidate.id,
      );
      expect(after).not.toContain(theirs[0]!.id);
      expect(after).not.toContain(theirs[1]!.id);
      expect(after).toContain(theirs[2]!.id);
      // The author's own deck never has their memes; the other player's memes are in it.
      const authorsDeck = ((await deck(t, author, '?limit=50').expect(200)).body.items as FeedItemDto[]).map(
        (candidate) => candidate.id,
      );
      for (const meme of theirs) expect(authorsDeck).not.toContain(meme.id);
      for (const meme of own) expect(authorsDeck).toContain(meme.id);
    });

    it('ranks well-liked memes before unliked ones of the same age, and fresh ones before stale ones', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const [liked, plain, stale] = await seedMemes(t, author, 3);
      await t.dataSource.query(`UPDATE memes SET likes = 40 WHERE id = $1`, [liked!.id]);
      // Two days old with 3 likes: log2(5) − 2 < log2(2) − 0, so the fresh unliked meme comes first.
      await t.dataSource.query(
        `UPDATE memes SET likes = 3, first_published_at = now() - interval '48 hours' WHERE id = $1`,
        [stale!.id],
      );
      const order = ((await deck(t, player, '?limit=50').expect(200)).body.items as FeedItemDto[])
        .map((item) => item.id)
        .filter((id) => [liked!.id, plain!.id, stale!.id].includes(id));
      expect(order).toEqual([liked!.id, plain!.id, stale!.id]);
    });

    it('takes a limit from 1 to 50', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      await seedMemes(t, author, 3);
      expect((await deck(t, player, '?limit=2').expect(200)).body.items).toHaveLength(2);
      for (const bad of ['0', '51', 'ten', '1.5']) {
        const res = await deck(t, player, `?limit=${bad}`).expect(400);
        expect(res.body.detail).toMatch(/limit/);
      }
    });
  });

  describe('POST /api/v1/swipes/{memeId}/', () => {
    it('costs a swipe and pays a coin; a like pays the author and counts for the meme, on the sockets', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const [meme] = await seedMemes(t, author, 1);
      const [authorSocket, playerSocket] = await Promise.all([connect(author), connect(player)]);

      const res = await swipe(t.server, player, meme!.id, true).expect(200);
      expect(res.body).toEqual({
        swipes: t.config.swipes.max - 1,
        memeCoins: 1,
        swipedCount: 1,
        generationLimit: t.config.generation.newUserCredits,
        balanceVersion: (await me(t.server, player)).balanceVersion,
        coinsEarned: 1,
        gift: null,
      } satisfies SwipeResultDto);
      expect(await playerSocket.until('balance')).toEqual({
        generationLimit: t.config.generation.newUserCredits,
        memeCoins: 1,
        swipes: t.config.swipes.max - 1,
        balanceVersion: res.body.balanceVersion,
      });
      expect(await authorSocket.until('meme:liked')).toEqual({ memeId: meme!.id, likes: 1 });
      expect(await authorSocket.until('balance', (balance) => balance.memeCoins > 0)).toMatchObject({
        memeCoins: 2,
      });
      expect(await me(t.server, author)).toMatchObject({ memeCoins: 2 });
      expect(await me(t.server, player)).toMatchObject({
        memeCoins: 1,
        swipes: t.config.swipes.max - 1,
        swipedCount: 1,
      });
      expect(await used(t, player)).toMatchObject({ usedToday: 1, swipes: t.config.swipes.max - 1 });

      // A skip pays the swiper and nothing to the author.
      const [skipped] = await seedMemes(t, author, 1);
      await swipe(t.server, player, skipped!.id, false).expect(200);
      await t.app.get(MemeLikesService).flush();
      expect(await me(t.server, author)).toMatchObject({ memeCoins: 2 });
      await expectBooksBalanced(t);
    });

    it('answers a repeat with 409, an own meme with 400, an unknown or unpublished one with 404, and charges none of them', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const [meme] = await seedMemes(t, author, 1);
      const [hidden] = await seedMemes(t, author, 1, { publish: false });
      const [own] = await seedMemes(t, player, 1);
      await swipe(t.server, player, meme!.id).expect(200);
      const before = await me(t.server, player);

      expect((await swipe(t.server, player, meme!.id, false).expect(409)).body).toEqual({
        detail: ErrorText.alreadySwiped,
      });
      expect((await swipe(t.server, player, own!.id).expect(400)).body).toEqual({
        detail: ErrorText.ownMemeSwipe,
      });
      for (const id of [hidden!.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'])
        expect((await swipe(t.server, player, id).expect(404)).body).toEqual({
          detail: ErrorText.memeNotFound,
        });
      for (const body of [{}, { like: 'yes' }, { like: true, extra: 1 }])
        await request(t.server)
          .post(`/api/v1/swipes/${meme!.id}/`)
          .set(bearer(player))
          .send(body)
          .expect(400);

      expect(await me(t.server, player)).toEqual(before);
    });

    it('checks the session in the swipe’s own statement: a closed one answers 403 and changes nothing, beside an open one in the same batch', async () => {
      const [author, closed, open] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const [meme] = await seedMemes(t, author, 1);
      // The route's guard checks the token alone; the statement finds the session revoked.
      await t.dataSource.query(`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1`, [
        closed.tgId,
      ]);

      const [refused, accepted] = await Promise.all([
        swipe(t.server, closed, meme!.id),
        swipe(t.server, open, meme!.id),
      ]);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: ErrorText.refreshTokens });
      expect(accepted.status).toBe(200);
      const [state] = await t.dataSource.query(
        `SELECT swipes, swiped_count, meme_coins,
                (SELECT count(*)::integer FROM swipes WHERE user_id = $1) AS swiped,
                (SELECT count(*)::integer FROM ledger_entries WHERE user_id = $1 AND reason LIKE 'swipe%') AS entries
           FROM users WHERE tg_id = $1`,
        [closed.tgId],
      );
      expect(state).toEqual({
        swipes: t.config.swipes.max,
        swiped_count: 0,
        meme_coins: 0,
        swiped: 0,
        entries: 0,
      });

      // A token that is not ours never reaches the statement.
      await swipe(t.server, { ...open, token: `${open.token}x` }, meme!.id).expect(401);
      await expectBooksBalanced(t);
    });

    it('a boosted or influencer player earns ×m per swipe, as earned coins that reach the rating', async () => {
      const [author, boosted, influencer] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const [meme] = await seedMemes(t, author, 1);
      await t.dataSource.query(`UPDATE users SET boost_ends = now() + interval '1 day' WHERE tg_id = $1`, [
        boosted.tgId,
      ]);
      await t.dataSource.query(`UPDATE users SET infl = true WHERE tg_id = $1`, [influencer.tgId]);
      const m = t.config.coins.boostedMultiplier;
      for (const player of [boosted, influencer]) {
        const socket = await connect(player);
        const res = await swipe(t.server, player, meme!.id, false).expect(200);
        expect(res.body).toMatchObject({ memeCoins: m, coinsEarned: m, swipes: t.config.swipes.max - 1 });
        expect(await socket.until('balance')).toMatchObject({ memeCoins: m });
        expect(
          await t.dataSource.query(
            `SELECT kind, delta, earned FROM ledger_entries WHERE user_id = $1 AND reason = 'swipe' ORDER BY kind`,
            [player.tgId],
          ),
        ).toEqual([
          { kind: 'coins', delta: m, earned: true },
          { kind: 'swipes', delta: -1, earned: false },
        ]);
        await untilScore(t, player, m);
      }
      await expectBooksBalanced(t);
    });

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

  describe('gifts', () => {
    it('every 10th swipe rolls a gift (chance 1), pushed on the socket; 20 parallel opens open each gift once', async () => {
      const [author, player] = await Promise.all([
        newPlayer(t.server, t.config),
        newPlayer(t.server, t.config),
      ]);
      const memes = await seedMemes(t, author, 25);
      const socket = await connect(player);

      const gifts: { swipedCount: number; id: string }[] = [];
      for (const meme of memes) {
        const result = (await swipe(t.server, player, meme.id, false).expect(200)).body as SwipeResultDto;
        if (result.gift) gifts.push({ swipedCount: result.swipedCount, id: result.gift.id });
      }
      expect(gifts.map((gift) => gift.swipedCount)).toEqual([10, 20]);
      for (const gift of gifts) await socket.until('gift:received', (event) => event.id === gift.id);
      expect(await me(t.server, player)).toMatchObject({ swipedCount: 25, swipedGiftCount: 2 });

      const pending = await request(t.server).get('/api/v1/swipes/gifts/').set(bearer(player)).expect(200);
      expect(pending.body.items.map((gift: { id: string }) => gift.id).sort()).toEqual(
        gifts.map((gift) => gift.id).sort(),
      );

      const before = await me(t.server, player);
      const opens = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)),
        ),
      );
      const opened = opens.filter((res) => res.status === 200).map((res) => res.body as OpenedGiftDto);
      expect(opened.map((gift) => gift.id).sort()).toEqual(gifts.map((gift) => gift.id).sort());
      for (const res of opens.filter((candidate) => candidate.status !== 200))
        expect(res).toMatchObject({ status: 404, body: { detail: ErrorText.noGift } });

      // What the gifts say they granted is exactly what the balances gained (gift coins are not ×m).
      const gained = { coins: 0, credits: 0, swipes: 0, boost: 0 };
      for (const gift of opened) {
        expect(['coins', 'credits', 'swipes', 'boost']).toContain(gift.kind);
        gained[gift.kind] += gift.amount;
      }
      const after = await me(t.server, player);
      expect(after.memeCoins - before.memeCoins).toBe(gained.coins);
      expect(after.generationLimit - before.generationLimit).toBe(gained.credits);
      expect(after.swipes - before.swipes).toBe(gained.swipes);
      expect((await ledgerRows(t, player.tgId, 'gift')).length).toBe(
        opened.filter((gift) => gift.kind !== 'boost').length,
      );

      expect(
        (await request(t.server).get('/api/v1/swipes/gifts/').set(bearer(player)).expect(200)).body,
      ).toEqual({
        items: [],
      });
      await request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)).expect(404);
      await expectBooksBalanced(t);
    });
  });
});

describe('swipe pace', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The rule's default is 300 ms; a longer interval keeps the test independent of the machine's speed.
    t = await createTestApp({ env: { SWIPE_MIN_INTERVAL_MS: '2000' } });
  });
  afterAll(() => t.close());

  it('answers 429 with retryAfter to a swipe sooner than SWIPE_MIN_INTERVAL_MS after the last, and charges nothing for it', async () => {
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    const [first, second] = await seedMemes(t, author, 2);

    const answers = await Promise.all([
      swipe(t.server, player, first!.id),
      swipe(t.server, player, second!.id),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 429]);
    const tooFast = answers.find((res) => res.status === 429)!;
    expect(tooFast.body.detail).toBe(ErrorText.requestLimitExceeded);
    expect(tooFast.body.retryAfter).toBeGreaterThan(0);
    expect(tooFast.body.retryAfter).toBeLessThanOrEqual(2);
    expect(await me(t.server, player)).toMatchObject({
      swipes: t.config.swipes.max - 1,
      memeCoins: 1,
      swipedCount: 1,
    });

    // Once the interval has passed the refused meme can be swiped: the 429 recorded nothing.
    await new Promise((resolve) => setTimeout(resolve, tooFast.body.retryAfter * 1000 + 50));
    const refused = [first!, second!][answers.indexOf(tooFast)]!;
    await swipe(t.server, player, refused.id).expect(200);
    await expectBooksBalanced(t);
  });
});

describe('swipe refill and boost gifts (a moved clock)', () => {
  let t: TestApp;
  const clock = new MovableClock();
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SWIPE_MIN_INTERVAL_MS: '0',
        SWIPE_GIFT_CHANCE: '1',
        SWIPE_GIFT_WEIGHT_COINS: '0',
        SWIPE_GIFT_WEIGHT_CREDITS: '0',
        SWIPE_GIFT_WEIGHT_SWIPES: '0',
        SWIPE_GIFT_WEIGHT_BOOST: '1',
      },
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
  });
  afterAll(() => t.close());

  it('refills one swipe per SWIPE_REFILL_SECONDS up to the maximum, lazily, and never cuts a purchased excess', async () => {
    const { max, refillSeconds } = t.config.swipes;
    const period = refillSeconds * 1000;
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    const memes = await seedMemes(t, author, 12);

    expect(await used(t, player)).toEqual({ usedToday: 0, swipes: max, max, nextRefillAt: null });
    // The refill clock starts at the swipe that takes the bar below its maximum.
    const startedAt = clock.now().getTime();
    for (const meme of memes.slice(0, 10)) await swipe(t.server, player, meme.id).expect(200);
    const afterSwipes = await used(t, player);
    expect(afterSwipes).toMatchObject({ usedToday: 10, swipes: max - 10 });
    const firstRefill = Date.parse(afterSwipes.nextRefillAt!);
    expect(firstRefill - startedAt).toBeGreaterThanOrEqual(period);

    // 2.5 periods later: two swipes back, the half period carries over to the next one.
    clock.advance(2.5 * period);
    const later = await used(t, player);
    expect(later.swipes).toBe(max - 8);
    expect(Date.parse(later.nextRefillAt!)).toBe(firstRefill + 2 * period);
    expect(await me(t.server, player)).toMatchObject({ swipes: max - 8 });

    // Hours later: full, and no further.
    clock.advance(3600 * 1000);
    expect(await used(t, player)).toMatchObject({ swipes: max, nextRefillAt: null });

    // A purchased excess stays: 20 over the maximum, one swipe, an hour later still 79.
    await t.app.get(LedgerService).addSwipes(player.tgId, 20, { reason: 'purchase' });
    await swipe(t.server, player, memes[10]!.id).expect(200);
    clock.advance(3600 * 1000);
    expect(await used(t, player)).toMatchObject({ swipes: max + 19, nextRefillAt: null });

    const refills = await ledgerRows(t, player.tgId, 'swipe-refill');
    expect(refills.reduce((sum, row) => sum + row.delta, 0)).toBe(10);
    await expectBooksBalanced(t);
  });

  it('a boost gift extends boostEnds by its days, from now or from the current end, whichever is later', async () => {
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    const memes = await seedMemes(t, author, 20);
    for (const meme of memes) await swipe(t.server, player, meme.id, false).expect(200);
    const day = 86_400_000;

    const first = (await request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)).expect(200))
      .body as OpenedGiftDto;
    const before = await me(t.server, player);
    expect(first).toMatchObject({
      kind: 'boost',
      amount: 1,
      balances: {
        generationLimit: before.generationLimit,
        memeCoins: before.memeCoins,
        swipes: before.swipes,
      },
    });
    const firstEnd = Date.parse(before.boostEnds!);
    // Boosts run on real time (the database's clock), whatever the game clock says.
    expect(Math.abs(firstEnd - (Date.now() + day))).toBeLessThan(60_000);

    await request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)).expect(200);
    expect(Date.parse((await me(t.server, player)).boostEnds!)).toBe(firstEnd + day);
    await expectBooksBalanced(t);
  });
});
