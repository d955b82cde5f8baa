import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { GiftKind } from '@mememint/contracts';
import { FEED_ITEM_COLUMNS, type FeedItemRow } from '../feed/feed.repository.js';
import { IN_FEED } from '../memes/entities/meme.entity.js';
import { SwipeGift } from './entities/swipe-gift.entity.js';
import { Swipe } from './entities/swipe.entity.js';

/** How the deck ranks the memes a player has not swiped yet. */
export interface DeckRanking {
  /** Only this many of the newest unswiped memes are ranked. */
  candidates: number;
  /** Hours of age that weigh like halving the likes. */
  freshnessHours: number;
  /** Random spread added to each meme's score (log2 of likes units). */
  jitter: number;
}

/** What the swipe rules read from the player's row (under its lock). */
export interface SwipeState {
  swipes: number;
  /** The lazy refill's clock: swipes refill from here (GAME.md "Swipes"). */
  refilledAt: Date;
  /** Swipes made, this one included. */
  swipedCount: number;
}

/**
 * The swipes and swipe_gifts tables, and the player's swipe counters and refill clock on the users
 * row (`swiped_count`, `swiped_gift_count`, `swipes_refilled_at`; the balance is the ledger's).
 */
@Injectable()
export class SwipesRepository {
  constructor(
    @InjectRepository(Swipe) private readonly swipes: Repository<Swipe>,
    @InjectRepository(SwipeGift) private readonly gifts: Repository<SwipeGift>,
  ) {}

  /**
   * Published memes the player has not swiped, not their own, best first: the newest `candidates`
   * of them scored by log2(likes + 2) − age / freshness, plus a random jitter so two players do not
   * see the same order.
   */
  deck(userId: number, limit: number, now: Date, ranking: DeckRanking): Promise<FeedItemRow[]> {
    return this.swipes.query(
      `SELECT ${FEED_ITEM_COLUMNS}
         FROM (SELECT * FROM memes m
                WHERE ${IN_FEED} AND m.owner_id <> $1
                  AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = $1 AND s.meme_id = m.id)
                ORDER BY m.first_published_at DESC
                LIMIT $3) m
         JOIN users u ON u.tg_id = m.owner_id
         LEFT JOIN feed_votes v ON v.meme_id = m.id AND v.user_id = $1
        ORDER BY log(2, m.likes + 2)
                 - EXTRACT(EPOCH FROM ($4::timestamptz - m.first_published_at)) / 3600 / $5
                 + random() * $6 DESC
        LIMIT $2`,
      [userId, limit, ranking.candidates, now, ranking.freshnessHours, ranking.jitter],
    );
  }

  /**
   * Records a swipe made `at` and counts it, in one statement that first locks the player's row (as
   * the ledger does, so the two never wait on each other in opposite orders); null when the player
   * has swiped this meme before (nothing changed).
   */
  async record(
    em: EntityManager,
    userId: number,
    memeId: string,
    liked: boolean,
    at: Date,
  ): Promise<SwipeState | null> {
    const rows: { swipes: number; swipes_refilled_at: Date; swiped_count: number | null }[] = await em.query(
      `WITH player AS (
              SELECT swipes, swipes_refilled_at FROM users WHERE tg_id = $1 FOR UPDATE),
            swiped AS (
              INSERT INTO swipes (user_id, meme_id, liked, created_at)
              SELECT $1, $2, $3, $4 FROM player
              ON CONFLICT DO NOTHING RETURNING user_id),
            counted AS (
              UPDATE users SET swiped_count = swiped_count + 1
               WHERE tg_id = (SELECT user_id FROM swiped)
              RETURNING swiped_count)
       SELECT player.swipes, player.swipes_refilled_at, counted.swiped_count
         FROM player LEFT JOIN counted ON true`,
      [userId, memeId, liked, at],
    );
    const row = rows[0];
    return row && row.swiped_count !== null
      ? { swipes: row.swipes, refilledAt: row.swipes_refilled_at, swipedCount: row.swiped_count }
      : null;
  }

  /** Locks the player's row and answers the refill's state (`GET /swipes/used/`). */
  async lockRefillState(em: EntityManager, userId: number): Promise<Omit<SwipeState, 'swipedCount'>> {
    const rows: { swipes: number; swipes_refilled_at: Date }[] = await em.query(
      `SELECT swipes, swipes_refilled_at FROM users WHERE tg_id = $1 FOR UPDATE`,
      [userId],
    );
    return { swipes: rows[0]!.swipes, refilledAt: rows[0]!.swipes_refilled_at };
  }

  /** Moves the refill clock (when `refilledAt` is given) and counts a rolled gift. */
  async recordExtras(
    em: EntityManager,
    userId: number,
    refilledAt: Date | null,
    giftRolled: boolean,
  ): Promise<void> {
    await em.query(
      `UPDATE users SET swipes_refilled_at = COALESCE($2, swipes_refilled_at),
                        swiped_gift_count = swiped_gift_count + $3
        WHERE tg_id = $1`,
      [userId, refilledAt, giftRolled ? 1 : 0],
    );
  }

  /** Swipes the player made since `since`. */
  async countSince(userId: number, since: Date): Promise<number> {
    const [row]: { count: number }[] = await this.swipes.query(
      `SELECT count(*)::integer AS count FROM swipes WHERE user_id = $1 AND created_at >= $2`,
      [userId, since],
    );
    return row!.count;
  }

  async insertGift(em: EntityManager, userId: number): Promise<string> {
    const id = randomUUID();
    await em.insert(SwipeGift, { id, userId });
    return id;
  }

  pendingGifts(userId: number): Promise<SwipeGift[]> {
    return this.gifts
      .createQueryBuilder('g')
      .where('g.user_id = :userId AND g.opened_at IS NULL', { userId })
      .orderBy('g.created_at', 'ASC')
      .addOrderBy('g.id', 'ASC')
      .getMany();
  }

  /**
   * Locks one of the player's pending gifts, picked at random; null when none is left. A gift another
   * request is opening is skipped, so parallel requests open different gifts and each gift once.
   */
  async lockPendingGift(em: EntityManager, userId: number): Promise<string | null> {
    const rows: { id: string }[] = await em.query(
      `SELECT id FROM swipe_gifts WHERE user_id = $1 AND opened_at IS NULL
        ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [userId],
    );
    return rows[0]?.id ?? null;
  }

  async markOpened(em: EntityManager, id: string, kind: GiftKind, amount: number, at: Date): Promise<void> {
    await em.update(SwipeGift, { id }, { kind, amount, openedAt: at });
  }
}
