import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AdminFiguresDto } from '@mememint/contracts';
import request from 'supertest';

import { addDays, utcDay } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { expectBooksBalanced, seedMemes } from './helpers/feed.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(240_000);

describe('the figures', () => {
  let t: TestApp;
  let admin: Player;
  const adminTgId = newTgId();
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  });
  afterAll(() => t?.close());

  it('equal, day by day over a seeded fortnight, what the ledger and the tables say', async () => {
    const ledger = t.app.get(LedgerService);
    const players = await Promise.all(Array.from({ length: 3 }, () => newPlayer(t.server, t.config)));
    const [author] = players;
    // Two memes a day to swipe (a player swipes a meme once).
    const memes = await seedMemes(t, author!, 28);
    for (const p of players)
      await ledger.apply(p.tgId, [{ kind: 'swipes', delta: 50 }], {
        reason: 'admin-grant',
        idempotencyKey: 'seed',
      });
    const [plan] = (await t.dataSource.query(`SELECT id, kind FROM plans ORDER BY id LIMIT 1`)) as {
      id: number;
      kind: string;
    }[];
    const today = utcDay(new Date());
    const expected = new Map<string, Record<string, number>>();
    for (let back = 14; back >= 1; back--) {
      const day = addDays(today, -back);
      const at = `${day}T12:00:00Z`;
      const n = 15 - back; // 1..14: each day's figures differ
      const keys: string[] = [];
      const write = async (
        userId: number,
        kind: 'coins' | 'credits' | 'swipes',
        delta: number,
        reason: string,
      ) => {
        const key = `seed:${day}:${keys.length}`;
        keys.push(key);
        if (reason === 'quest')
          await ledger.earnCoins(userId, delta, { reason: 'quest', idempotencyKey: key });
        else await ledger.apply(userId, [{ kind, delta }], { reason: reason as 'vote', idempotencyKey: key });
      };
      for (const p of players) {
        await write(p.tgId, 'coins', n, 'quest');
        await write(p.tgId, 'coins', -1, 'vote');
        await write(p.tgId, 'swipes', -1, 'swipe');
      }
      await write(players[1]!.tgId, 'coins', 1, 'stake-refund');
      await write(players[2]!.tgId, 'credits', 1, 'generation-refund');
      await t.dataSource.query(`UPDATE ledger_entries SET created_at = $1 WHERE idempotency_key = ANY($2)`, [
        at,
        keys,
      ]);
      // Players who joined that day, and who came: the author and day-old players.
      for (let i = 0; i < n % 3; i++) {
        const joined = await newPlayer(t.server, t.config);
        await t.dataSource.query(`UPDATE users SET created_at = $1 WHERE tg_id = $2`, [at, joined.tgId]);
      }
      for (const p of players.slice(0, 1 + (n % 3)))
        await t.dataSource.query(`INSERT INTO player_visit_days (user_id, day) VALUES ($1, $2)`, [
          p.tgId,
          day,
        ]);
      // Generations done and failed, liked swipes, a paid and a refunded order.
      for (const status of ['done', 'done', 'failed'])
        await t.dataSource.query(
          `INSERT INTO generations (id, user_id, face_key, target_key, status, cost, created_at)
           VALUES (gen_random_uuid(), $1, 'f', 't', $2, 1, $3)`,
          [author!.tgId, status, at],
        );
      await t.dataSource.query(
        `INSERT INTO swipes (user_id, meme_id, liked, created_at) VALUES ($1, $2, true, $4), ($1, $3, $5, $4)`,
        [players[1]!.tgId, memes[2 * n - 2]!.id, memes[2 * n - 1]!.id, at, n % 2 === 0],
      );
      await t.dataSource.query(
        `INSERT INTO orders (id, user_id, plan_id, kind, stars, grants, status, invoice_link, created_at, paid_at, refunded_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, '{}', 'paid', 'x', $5, $5, NULL),
                (gen_random_uuid(), $1, $2, $3, 5, '{}', 'refunded', 'x', $5, $5, $5)`,
        [author!.tgId, plan!.id, plan!.kind, 10 * n, at],
      );
      expected.set(day, {
        newPlayers: n % 3,
        activePlayers: 1 + (n % 3),
        generationsDone: 2,
        generationsFailed: 1,
        generationsRefunded: 1,
        swipes: 3,
        likes: n % 2 === 0 ? 2 : 1,
        betsPlaced: 3,
        betsStaked: 3,
        betsReturned: 1,
        betsReturnedCoins: 1,
        starsPaid: 10 * n + 5,
        starsRefunded: 5,
        coinsEarned: 3 * n,
        coinsSpent: 3,
      });
    }
    const figures = (
      await request(t.server).get('/api/v1/admin/figures/?days=15').set(bearer(admin)).expect(200)
    ).body as AdminFiguresDto;
    expect(figures.days).toHaveLength(15);
    expect(figures.days.at(-1)!.day).toBe(today);
    for (const day of figures.days.slice(0, 14))
      expect(day).toEqual({ day: day.day, ...expected.get(day.day) });

    // And what the ledger says, summed independently of the figures' queries.
    const [sums] = (await t.dataSource.query(
      `SELECT COALESCE(sum(delta) FILTER (WHERE earned), 0)::integer AS earned,
              COALESCE(-sum(delta) FILTER (WHERE delta < 0), 0)::integer AS spent
         FROM ledger_entries WHERE kind = 'coins' AND created_at < $1::date AND created_at >= $1::date - 14`,
      [today],
    )) as { earned: number; spent: number }[];
    const total = (name: 'coinsEarned' | 'coinsSpent') =>
      figures.days.slice(0, 14).reduce((sum, day) => sum + day[name], 0);
    expect({ earned: total('coinsEarned'), spent: total('coinsSpent') }).toEqual(sums);
    expect(figures.queues.map((queue) => queue.name).sort()).toEqual([
      'caption',
      'feed',
      'generation',
      'stickers',
    ]);
    await expectBooksBalanced(t);
  });

  it('checks its window', async () => {
    for (const days of ['0', '91', 'x'])
      await request(t.server).get(`/api/v1/admin/figures/?days=${days}`).set(bearer(admin)).expect(400);
  });
});
