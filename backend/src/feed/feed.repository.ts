import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { FeedSort, VoteOutcome } from '@mememint/contracts';

import { AdvisoryLocks } from '../database/advisory-locks.js';
import { IN_FEED } from '../memes/entities/meme.entity.js';
import { isBannedSql } from '../moderation/entities/player-ban.entity.js';
import { DaySettlement } from './entities/day-settlement.entity.js';
import { FeedVote } from './entities/feed-vote.entity.js';
import { voteOutcomeSql, votePayoutSql } from './settlement.repository.js';

/**
 * The columns of a feed item, for the queries of the deck, the feed and the votes: the meme `m`, its
 * author `u` and the viewer's vote `v` (`LEFT JOIN feed_votes v ON v.meme_id = m.id AND v.user_id = <viewer>`).
 */
export const FEED_ITEM_COLUMNS = `m.id, m.share_id, m.text, m.is_published, m.image_key, m.thumbnail_key,
  m.width, m.height, m.generation_id, m.template_id, m.likes, m.created_at, m.published_at,
  m.video_key, m.duration_ms, m.frame_count, u.tg_id AS author_tg_id, u.username AS author_username, u.first_name AS author_first_name,
  u.photo_url AS author_photo_url, v.amount AS voted`;

/** A row selected with FEED_ITEM_COLUMNS. */
export interface FeedItemRow {
  id: string;
  share_id: string;
  text: string | null;
  is_published: boolean;
  image_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  generation_id: string | null;
  template_id: string | null;
  likes: number;
  created_at: Date;
  published_at: Date | null;
  video_key: string | null;
  duration_ms: number | null;
  frame_count: number | null;
  author_tg_id: string;
  author_username: string | null;
  author_first_name: string | null;
  author_photo_url: string | null;
  voted: number | null;
}

/** A vote of the player with its meme, for the voted list. */
export interface VotedRow extends FeedItemRow {
  day: string;
  outcome: VoteOutcome;
  payout: number | null;
}

export interface NewVote {
  userId: number;
  memeId: string;
  day: string;
  amount: number;
  /** When it was made: a vote is a like of that moment for the meme of the day. */
  at: Date;
}

const FEED_ORDER: Record<FeedSort, string> = {
  top: 'm.likes DESC, m.first_published_at ASC, m.id',
  new: 'm.first_published_at DESC, m.id',
};

/** The feed_votes and day_settlements tables, and the feed's reads of published memes. */
@Injectable()
export class FeedRepository {
  constructor(
    @InjectRepository(FeedVote) private readonly votes: Repository<FeedVote>,
    @InjectRepository(DaySettlement) private readonly settlements: Repository<DaySettlement>,
  ) {}

  /** Published memes whose contest day is `since` or later (all when null), as the viewer sees them. */
  async feedPage(
    viewerId: number,
    since: string | null,
    sort: FeedSort,
    skip: number,
    take: number,
  ): Promise<[FeedItemRow[], number]> {
    const [rows, [count]] = await Promise.all([
      this.votes.query(
        `SELECT ${FEED_ITEM_COLUMNS}
           FROM memes m
           JOIN users u ON u.tg_id = m.owner_id
           LEFT JOIN feed_votes v ON v.meme_id = m.id AND v.user_id = $1
          WHERE ${IN_FEED} AND NOT ${isBannedSql('m.owner_id')} AND ($2::date IS NULL OR m.contest_day >= $2::date)
          ORDER BY ${FEED_ORDER[sort]}
          LIMIT $3 OFFSET $4`,
        [viewerId, since, take, skip],
      ) as Promise<FeedItemRow[]>,
      this.votes.query(
        `SELECT count(*)::integer AS total FROM memes m
          WHERE ${IN_FEED} AND NOT ${isBannedSql('m.owner_id')} AND ($1::date IS NULL OR m.contest_day >= $1::date)`,
        [since],
      ) as Promise<{ total: number }[]>,
    ]);
    return [rows, count!.total];
  }

  /** One meme as the viewer sees it in the feed (whether published now or not). */
  async feedItem(viewerId: number, memeId: string): Promise<FeedItemRow | null> {
    const rows: FeedItemRow[] = await this.votes.query(
      `SELECT ${FEED_ITEM_COLUMNS}
         FROM memes m
         JOIN users u ON u.tg_id = m.owner_id
         LEFT JOIN feed_votes v ON v.meme_id = m.id AND v.user_id = $1
        WHERE m.id = $2`,
      [viewerId, memeId],
    );
    return rows[0] ?? null;
  }

  /** The player's votes, newest first, with their memes. */
  async votedPage(userId: number, skip: number, take: number): Promise<[VotedRow[], number]> {
    const [rows, [count]] = await Promise.all([
      this.votes.query(
        `SELECT ${FEED_ITEM_COLUMNS}, to_char(v.day, 'YYYY-MM-DD') AS day,
                ${voteOutcomeSql('v', 's')} AS outcome, ${votePayoutSql('v', 's')}::integer AS payout
           FROM feed_votes v
           JOIN memes m ON m.id = v.meme_id
           JOIN users u ON u.tg_id = m.owner_id
           LEFT JOIN day_settlements s ON s.day = v.day
          WHERE v.user_id = $1
          ORDER BY v.created_at DESC, v.id DESC
          LIMIT $2 OFFSET $3`,
        [userId, take, skip],
      ) as Promise<VotedRow[]>,
      this.votes.query(`SELECT count(*)::integer AS total FROM feed_votes WHERE user_id = $1`, [
        userId,
      ]) as Promise<{ total: number }[]>,
    ]);
    return [rows, count!.total];
  }

  /**
   * Takes the contest day's lock shared, for a vote: votes go on in parallel, but not while the day
   * is being settled (which takes it exclusively). Released when the transaction ends.
   */
  async lockDayForVote(em: EntityManager, day: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock_shared($1, $2)`, [...AdvisoryLocks.contestDay(day)]);
  }

  /**
   * Records a vote: `duplicate` when the player has voted for this meme before, `hidden` when
   * moderation hid the meme meanwhile (checked under the day's lock, which hiding takes exclusively).
   */
  async insertVote(em: EntityManager, vote: NewVote): Promise<'inserted' | 'duplicate' | 'hidden'> {
    const [row]: { visible: boolean; inserted: boolean }[] = await em.query(
      `WITH meme AS (SELECT 1 FROM memes WHERE id = $2 AND hidden_at IS NULL),
            inserted AS (
              INSERT INTO feed_votes (user_id, meme_id, day, amount, created_at)
              SELECT $1, $2, $3, $4, $5 FROM meme
              ON CONFLICT DO NOTHING RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM meme) AS visible, EXISTS (SELECT 1 FROM inserted) AS inserted`,
      [vote.userId, vote.memeId, vote.day, vote.amount, vote.at],
    );
    return row!.inserted ? 'inserted' : row!.visible ? 'duplicate' : 'hidden';
  }

  /** Whether the meme has stakes of a day not settled yet. */
  async hasOpenStakes(memeId: string): Promise<boolean> {
    const [row]: { open: boolean }[] = await this.votes.query(
      `SELECT EXISTS (
         SELECT 1 FROM feed_votes v
          WHERE v.meme_id = $1 AND v.returned_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM day_settlements s WHERE s.day = v.day)
       ) AS open`,
      [memeId],
    );
    return row!.open;
  }

  /** The days with open (unsettled, unreturned) stakes on these memes, oldest first. */
  async openStakeDays(em: EntityManager, memeIds: readonly string[]): Promise<string[]> {
    const rows: { day: string }[] = await em.query(
      `SELECT DISTINCT to_char(v.day, 'YYYY-MM-DD') AS day FROM feed_votes v
        WHERE v.meme_id = ANY($1::uuid[]) AND v.returned_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM day_settlements s WHERE s.day = v.day)
        ORDER BY day`,
      [memeIds],
    );
    return rows.map((row) => row.day);
  }

  /** Takes the contest day's lock exclusively (like its settlement): no vote lands meanwhile. */
  async lockDayExclusive(em: EntityManager, day: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock($1, $2)`, [...AdvisoryLocks.contestDay(day)]);
  }

  /** Marks the open stakes on these memes returned (days locked by the caller) and answers them. */
  async markStakesReturned(
    em: EntityManager,
    memeIds: readonly string[],
    at: Date,
  ): Promise<{ id: string; userId: number; amount: number }[]> {
    const rows: { id: string; user_id: string; amount: number }[] = await em.query(
      `UPDATE feed_votes v SET returned_at = $2
        WHERE v.meme_id = ANY($1::uuid[]) AND v.returned_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM day_settlements s WHERE s.day = v.day)
        RETURNING v.id, v.user_id, v.amount`,
      [memeIds, at],
    );
    // UPDATE … RETURNING answers an array and a count in TypeORM's pg driver.
    const returned = (Array.isArray(rows[0]) ? rows[0] : rows) as typeof rows;
    return returned.map((row) => ({ id: row.id, userId: Number(row.user_id), amount: row.amount }));
  }

  async isSettled(day: string, em: EntityManager = this.settlements.manager): Promise<boolean> {
    return em.existsBy(DaySettlement, { day });
  }

  /** The settlement of a day, or of the latest settled day when `day` is null. */
  findSettlement(day: string | null): Promise<DaySettlement | null> {
    return day === null
      ? this.settlements.findOne({ where: {}, order: { day: 'DESC' } })
      : this.settlements.findOneBy({ day });
  }
}
