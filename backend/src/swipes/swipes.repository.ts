import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { GiftKind } from '@mememint/contracts';

import { PreparedQueries } from '../database/prepared-queries.js';
import { FEED_ITEM_COLUMNS, type FeedItemRow } from '../feed/feed.repository.js';
import type { LedgerStatement } from '../ledger/ledger.service.js';
import { IN_FEED } from '../memes/entities/meme.entity.js';
import { isBannedSql } from '../moderation/entities/player-ban.entity.js';
import { SwipeGift } from './entities/swipe-gift.entity.js';
import type { RefillState } from './swipe-refill.js';
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

/** One player's swipe in a batch (SwipesRepository.swipeStatement). */
export interface BatchedSwipe {
  userId: number;
  /** The access token's session, checked open in the statement. */
  sessionId: string;
  memeId: string;
  liked: boolean;
  /** The gift's chance already rolled: whether this swipe gets a gift if it is an N-th one. */
  giftRolled: boolean;
  giftId: string;
}

/** The answer row of a swipe statement (with the ledger's columns). */
export interface SwipeStatementRow {
  /** The session was open and the player's: false, and nothing was written. */
  session_open: boolean;
  /** The player is banned (nothing was written), until `banned_until` (null: until lifted). */
  banned: boolean;
  banned_until: Date | null;
  /** The meme's author; null when it is not in the feed. */
  owner_id: string | null;
  /** The swipe was recorded (and paid). */
  recorded: boolean;
  /** The player had swiped this meme before. */
  swiped_before: boolean;
  /** A swipe was there to spend, the refill counted. */
  affordable: boolean;
  /** The balance and refill clock before the swipe (the 400's nextRefillAt is computed from them). */
  swipes: number;
  swipes_refilled_at: Date;
  /** Swipes made, this one included (when recorded). */
  swiped_count: number;
  gift_id: string | null;
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
    private readonly prepared: PreparedQueries,
  ) {}

  /**
   * Published memes the player has not swiped, not their own, best first: the newest `candidates`
   * of them scored by log2(likes + 2) − age / freshness, plus a random jitter so two players do not
   * see the same order.
   */
  deck(userId: number, limit: number, now: Date, ranking: DeckRanking): Promise<FeedItemRow[]> {
    // Ranked on the memes' own columns; the authors and the player's votes joined to the dealt cards
    // only. Prepared: planning its joins cost as much as running it.
    return this.prepared.query<FeedItemRow>(
      `SELECT ${FEED_ITEM_COLUMNS}
         FROM (SELECT c.id,
                      -- In double precision: log(2, …) and EXTRACT are numeric, ten times slower over the candidates.
                      ln((c.likes + 2)::float8) / ln(2::float8)
                      - date_part('epoch', :now::timestamptz - c.first_published_at) / 3600 / :freshnessHours::float8
                      + random() * :jitter::float8 AS score
                 FROM (SELECT m.id, m.likes, m.first_published_at FROM memes m
                        WHERE ${IN_FEED} AND m.owner_id <> :userId::bigint AND NOT ${isBannedSql('m.owner_id')}
                          AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = :userId::bigint AND s.meme_id = m.id)
                        ORDER BY m.first_published_at DESC
                        LIMIT :candidates::integer) c
                ORDER BY score DESC
                LIMIT :limit::integer) ranked
         JOIN memes m ON m.id = ranked.id
         JOIN users u ON u.tg_id = m.owner_id
         LEFT JOIN feed_votes v ON v.meme_id = m.id AND v.user_id = :userId::bigint
        ORDER BY ranked.score DESC`,
      {
        userId,
        limit,
        candidates: ranking.candidates,
        now,
        freshnessHours: ranking.freshnessHours,
        jitter: ranking.jitter,
      },
    );
  }

  /**
   * A batch of swipes, at most one per player, as one statement carried by the ledger
   * (LedgerService.applyInStatement) under the players' row locks: each meme looked up, each lazy
   * refill settled, each swipe row inserted once per (player, meme) when a swipe is there to spend,
   * then the refill, the spent swipe and the earned coins written, the counters and the refill clock
   * moved, a gift inserted when this is the player's N-th swipe and the roll won, and the like
   * recorded (`likes` makes that CTE from its source). Nothing is written for a swipe whose session
   * is not open (`openSession` makes that condition from the session and user columns), whose meme
   * is missing or the player's own, that repeats one, or with no swipe left; its answer row (one per
   * player, SwipeStatementRow) tells which.
   */
  swipeStatement(batch: {
    swipes: readonly BatchedSwipe[];
    at: Date;
    max: number;
    refillMs: number;
    coinsPerSwipe: number;
    giftEvery: number;
    likes: (name: string, source: string) => string;
    openSession: (sessionId: string, userId: string) => string;
  }): LedgerStatement {
    const { swipes } = batch;
    return {
      userIds: swipes.map((swipe) => swipe.userId),
      ctes: `swipe_input AS (
              SELECT * FROM unnest(:userIds::bigint[], :sessionIds::uuid[], :memeIds::uuid[],
                                   :liked::boolean[], :giftRolled::boolean[], :giftIds::uuid[])
                         AS i(user_id, session_id, meme_id, liked, gift_rolled, gift_id)),
            swipe_state AS (
              SELECT i.*, m.owner_id, p.swipes, p.swipes_refilled_at, p.swiped_count,
                     ${batch.openSession('i.session_id', 'i.user_id')} AS session_open,
                     ban.until AS banned_until, ban.tg_id IS NOT NULL AS banned,
                     CASE WHEN p.swipes >= :max THEN 0
                          ELSE LEAST(:max - p.swipes,
                                     floor(GREATEST(0, extract(epoch FROM :at::timestamptz - p.swipes_refilled_at) * 1000)
                                           / :refillMs::integer))::integer END AS added
                FROM swipe_input i
                JOIN ledger_users p ON p.tg_id = i.user_id
                LEFT JOIN (SELECT id, owner_id FROM memes WHERE ${IN_FEED} AND NOT ${isBannedSql('owner_id')}) m
                       ON m.id = i.meme_id
                LEFT JOIN player_bans ban ON ban.tg_id = i.user_id AND (ban.until IS NULL OR ban.until > now())),
            swiped AS (
              INSERT INTO swipes (user_id, meme_id, liked, created_at)
              SELECT s.user_id, s.meme_id, s.liked, :at::timestamptz FROM swipe_state s
               WHERE s.session_open AND NOT s.banned AND s.owner_id <> s.user_id AND s.swipes + s.added >= 1
              ON CONFLICT DO NOTHING RETURNING user_id),
            swipe_done AS (
              SELECT s.* FROM swipe_state s WHERE s.user_id IN (SELECT user_id FROM swiped)),
            swipe_gift AS (
              INSERT INTO swipe_gifts (id, user_id)
              SELECT s.gift_id, s.user_id FROM swipe_done s
               WHERE s.gift_rolled AND (s.swiped_count + 1) % :giftEvery = 0
              RETURNING id, user_id),
            ${batch.likes(
              'swipe_like',
              `SELECT s.meme_id, s.owner_id AS author_id FROM swipe_done s WHERE s.liked`,
            )}`,
      entries: `SELECT s.user_id, 'swipes' AS kind, s.added AS delta, 'swipe-refill' AS reason FROM swipe_done s
                UNION ALL SELECT s.user_id, 'swipes', -1, 'swipe' FROM swipe_done s
                UNION ALL SELECT s.user_id, 'coins', :coinsPerSwipe::integer, 'swipe' FROM swipe_done s`,
      reasons: ['swipe-refill', 'swipe'],
      // The refill clock moves when swipes refilled (to now once full) and starts when this swipe
      // takes a full bar below its maximum; otherwise it stays (refillSwipes' arithmetic).
      set: `swiped_count = u.swiped_count + 1,
            swiped_gift_count = u.swiped_gift_count
                                + (SELECT count(*) FROM swipe_gift g WHERE g.user_id = u.tg_id)::integer,
            swipes_refilled_at = (
              SELECT CASE WHEN s.swipes >= :max
                            THEN CASE WHEN s.swipes - 1 < :max THEN :at::timestamptz ELSE s.swipes_refilled_at END
                          WHEN s.added = 0 THEN s.swipes_refilled_at
                          WHEN s.swipes + s.added >= :max THEN :at::timestamptz
                          ELSE s.swipes_refilled_at + s.added * :refillMs::integer * interval '1 millisecond' END
                FROM swipe_state s WHERE s.user_id = u.tg_id)`,
      select: `(SELECT session_open FROM swipe_state s WHERE s.user_id = ledger_users.tg_id) AS session_open,
               (SELECT banned FROM swipe_state s WHERE s.user_id = ledger_users.tg_id) AS banned,
               (SELECT banned_until FROM swipe_state s WHERE s.user_id = ledger_users.tg_id) AS banned_until,
               (SELECT owner_id FROM swipe_state s WHERE s.user_id = ledger_users.tg_id) AS owner_id,
               EXISTS (SELECT 1 FROM swiped w WHERE w.user_id = ledger_users.tg_id) AS recorded,
               EXISTS (SELECT 1 FROM swipes x JOIN swipe_input i ON i.user_id = x.user_id AND i.meme_id = x.meme_id
                        WHERE x.user_id = ledger_users.tg_id) AS swiped_before,
               (SELECT swipes + added >= 1 FROM swipe_state s WHERE s.user_id = ledger_users.tg_id) AS affordable,
               ledger_users.swipes, ledger_users.swipes_refilled_at, ledger_users.swiped_count + 1 AS swiped_count,
               (SELECT id FROM swipe_gift g WHERE g.user_id = ledger_users.tg_id) AS gift_id`,
      parameters: {
        userIds: swipes.map((swipe) => swipe.userId),
        sessionIds: swipes.map((swipe) => swipe.sessionId),
        memeIds: swipes.map((swipe) => swipe.memeId),
        liked: swipes.map((swipe) => swipe.liked),
        giftRolled: swipes.map((swipe) => swipe.giftRolled),
        giftIds: swipes.map((swipe) => swipe.giftId),
        at: batch.at,
        max: batch.max,
        refillMs: batch.refillMs,
        coinsPerSwipe: batch.coinsPerSwipe,
        giftEvery: batch.giftEvery,
      },
    };
  }

  /** Locks the player's row and answers the refill's state (`GET /swipes/used/`). */
  async lockRefillState(em: EntityManager, userId: number): Promise<RefillState> {
    const rows: { swipes: number; swipes_refilled_at: Date }[] = await em.query(
      `SELECT swipes, swipes_refilled_at FROM users WHERE tg_id = $1 FOR NO KEY UPDATE`,
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
