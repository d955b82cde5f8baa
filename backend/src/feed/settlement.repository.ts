import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { AdvisoryLocks } from '../database/advisory-locks.js';
import { DaySettlement } from './entities/day-settlement.entity.js';

/** The meme of a day: the most liked during the day, ties to the earliest published. */
export interface DayWinner {
  memeId: string;
  authorId: number;
  likes: number;
}

/** What the votes of a day came to. */
export interface VoteTotals {
  pool: number;
  winningStakes: number;
  votes: number;
  winners: number;
  /** Coins the rounding down leaves over, for the vote `remainderVoteId`. */
  remainder: number;
  /** The largest stake on the winner (ties: the earliest vote); null without one. */
  remainderVoteId: string | null;
}

/**
 * A vote's outcome from the vote row `v` and its day's settlement row `s` (joined on the day; no row:
 * pending). The one formula the settlement's credits and the voted list both read.
 */
export function voteOutcomeSql(v: string, s: string): string {
  return `(CASE WHEN ${v}.returned_at IS NOT NULL THEN 'refunded'
                WHEN ${s}.day IS NULL THEN 'pending'
                WHEN ${s}.winning_stakes = 0 THEN 'refunded'
                WHEN ${v}.meme_id = ${s}.meme_id THEN 'won'
                ELSE 'lost' END)`;
}

/**
 * The coins a vote gets back (see voteOutcomeSql): with stakes on the winner, its voters' stake ×
 * pool ÷ stakes on the winner, rounded down, and the remainder to the largest stake; without any,
 * every stake; a losing vote nothing; null while pending.
 */
export function votePayoutSql(v: string, s: string): string {
  return `(CASE WHEN ${v}.returned_at IS NOT NULL THEN ${v}.amount::bigint
                WHEN ${s}.day IS NULL THEN NULL
                WHEN ${s}.winning_stakes = 0 THEN ${v}.amount::bigint
                WHEN ${v}.meme_id = ${s}.meme_id
                  THEN ${s}.pool * ${v}.amount / ${s}.winning_stakes
                       + CASE WHEN ${v}.id = ${s}.remainder_vote_id THEN ${s}.remainder ELSE 0 END
                ELSE 0 END)`;
}

/** The figures a settlement row keeps beside its day. */
export type SettlementFigures = Omit<DaySettlement, 'day' | 'settledAt'>;

/** The day_settlements table, and the set-based statements that settle a day's votes. */
@Injectable()
export class SettlementRepository {
  constructor(@InjectRepository(DaySettlement) private readonly settlements: Repository<DaySettlement>) {}

  /** Waits for the day's votes in flight and keeps new ones out until the transaction ends. */
  async lockDay(em: EntityManager, day: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock($1, $2)`, [...AdvisoryLocks.contestDay(day)]);
  }

  /** Claims the day; false when it is settled already (its key is the date). */
  async claim(em: EntityManager, day: string): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `INSERT INTO day_settlements (day) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1`,
      [day],
    );
    return rows.length > 0;
  }

  async record(em: EntityManager, day: string, figures: SettlementFigures): Promise<void> {
    await em.update(DaySettlement, { day }, figures);
  }

  /**
   * The meme of the day among the memes whose contest day it is (published, or unpublished with
   * stakes): likes counted from their rows by time (swipe likes and votes made during the day),
   * never from the memes' running counts; null when nothing was liked.
   */
  async findWinner(em: EntityManager, day: string): Promise<DayWinner | null> {
    const rows: { id: string; owner_id: string; likes: number }[] = await em.query(
      `WITH bounds AS (SELECT $1::date::timestamp AT TIME ZONE 'UTC' AS starts,
                              ($1::date + 1)::timestamp AT TIME ZONE 'UTC' AS ends),
            votes AS (SELECT meme_id, count(*) AS likes FROM feed_votes v, bounds b
                       WHERE v.day = $1 AND v.returned_at IS NULL AND v.created_at >= b.starts AND v.created_at < b.ends
                       GROUP BY meme_id)
       SELECT m.id, m.owner_id,
              ((SELECT count(*) FROM swipes s
                 WHERE s.meme_id = m.id AND s.liked AND s.created_at >= b.starts AND s.created_at < b.ends)
               + COALESCE(v.likes, 0))::integer AS likes
         FROM memes m CROSS JOIN bounds b
         LEFT JOIN votes v ON v.meme_id = m.id
        WHERE m.contest_day = $1 AND m.generation_id IS NOT NULL AND m.hidden_at IS NULL
          AND (m.is_published OR v.likes > 0)
        ORDER BY likes DESC, m.first_published_at ASC, m.id ASC
        LIMIT 1`,
      [day],
    );
    const best = rows[0];
    return best && best.likes > 0
      ? { memeId: best.id, authorId: Number(best.owner_id), likes: best.likes }
      : null;
  }

  /**
   * The day's pool, the stakes on the winner, and what rounding each winner's share down leaves
   * over (integer arithmetic throughout: sum() of bigint is numeric, cast back so `/` rounds down).
   */
  async tallyVotes(em: EntityManager, day: string, winnerId: string | null): Promise<VoteTotals> {
    const [row]: {
      pool: string;
      winning: string;
      votes: number;
      winners: number;
      remainder: string;
      remainder_vote_id: string | null;
    }[] = await em.query(
      `WITH day_votes AS (
              SELECT id, amount::bigint AS amount, created_at, COALESCE(meme_id = $2::uuid, false) AS won
                FROM feed_votes WHERE day = $1 AND returned_at IS NULL),
            totals AS (
              SELECT COALESCE(sum(amount), 0)::bigint AS pool,
                     COALESCE(sum(amount) FILTER (WHERE won), 0)::bigint AS winning,
                     count(*)::integer AS votes, (count(*) FILTER (WHERE won))::integer AS winners
                FROM day_votes)
       SELECT t.pool, t.winning, t.votes, t.winners,
              CASE WHEN t.winning = 0 THEN 0
                   ELSE t.pool - (SELECT COALESCE(sum(t.pool * d.amount / t.winning), 0)::bigint
                                    FROM day_votes d WHERE d.won) END AS remainder,
              (SELECT id FROM day_votes WHERE won ORDER BY amount DESC, created_at ASC, id ASC LIMIT 1)
                AS remainder_vote_id
         FROM totals t`,
      [day, winnerId],
    );
    return {
      pool: Number(row!.pool),
      winningStakes: Number(row!.winning),
      votes: row!.votes,
      winners: row!.winners,
      remainder: Number(row!.remainder),
      remainderVoteId: row!.remainder_vote_id,
    };
  }

  /** What each voter of a settled day gets back, summed per voter (none for lost votes). */
  async creditsOf(em: EntityManager, day: string): Promise<{ userId: number; coins: number }[]> {
    const rows: { user_id: string; coins: string }[] = await em.query(
      `SELECT v.user_id, sum(${votePayoutSql('v', 's')}) AS coins
         FROM feed_votes v JOIN day_settlements s ON s.day = v.day
        WHERE v.day = $1 AND v.returned_at IS NULL
        GROUP BY v.user_id
       HAVING sum(${votePayoutSql('v', 's')}) > 0
        ORDER BY v.user_id`,
      [day],
    );
    return rows.map((row) => ({ userId: Number(row.user_id), coins: Number(row.coins) }));
  }

  /** Contest days from `from` to before `until` that have memes and no settlement yet, oldest first. */
  async unsettledDays(from: string, until: string): Promise<string[]> {
    const rows: { day: string }[] = await this.settlements.query(
      `SELECT DISTINCT m.contest_day::text AS day FROM memes m
        WHERE m.contest_day >= $1 AND m.contest_day < $2 AND m.generation_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM day_settlements s WHERE s.day = m.contest_day)
        ORDER BY day`,
      [from, until],
    );
    return rows.map((row) => row.day);
  }
}
