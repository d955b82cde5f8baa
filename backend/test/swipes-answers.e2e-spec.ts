import { describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type OpenedGiftDto, type SwipeResultDto } from '@mememint/contracts';
import request from 'supertest';

import { MemeLikesService } from '../src/memes/meme-likes.service.js';
import {
  useSwipesApp,
  expectBooksBalanced,
  ledgerRows,
  seedMemes,
  swipe,
  swipesUsed as used,
} from './helpers/feed.js';
import { bearer, me, newPlayer } from './helpers/memes.js';
import { untilScore } from './helpers/rating.js';
import type { SocketApp } from './helpers/socket-recorder.js';

jest.setTimeout(60_000);

describe('swipes', () => {
  let t: SocketApp;
  const connect = useSwipesApp((app) => (t = app));

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
