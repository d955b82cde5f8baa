import { describe, expect, it, jest } from '@jest/globals';
import type { FeedItemDto } from '@mememint/contracts';
import request from 'supertest';

import { useSwipesApp, deck, seedMemes, swipe } from './helpers/feed.js';
import { bearer, newPlayer } from './helpers/memes.js';
import type { SocketApp } from './helpers/socket-recorder.js';

jest.setTimeout(60_000);

describe('swipes', () => {
  let t: SocketApp;
  useSwipesApp((app) => (t = app));

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
});
