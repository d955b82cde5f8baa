import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminFeedDayDto } from '@mememint/contracts';

import { mediaUrl } from '../../media/media-keys.js';

/** How many of the day's memes the console lists. */
const LEADERS = 5;

/** The meme of the day's contest as the console reads it (read-only, across feed and memes). */
@Injectable()
export class AdminFeedRepository {
  constructor(private readonly dataSource: DataSource) {}

  async settlement(day: string): Promise<AdminFeedDayDto['settlement']> {
    const rows: {
      settled_at: Date;
      meme_id: string | null;
      author_id: string | null;
      likes: number;
      author_reward: number;
      pool: string;
      votes: number;
      winners: number;
      paid_out: string;
      refunded: string;
    }[] = await this.dataSource.query(
      `SELECT settled_at, meme_id, author_id, likes, author_reward, pool, votes, winners, paid_out, refunded
         FROM day_settlements WHERE day = $1`,
      [day],
    );
    const row = rows[0];
    return row
      ? {
          settledAt: row.settled_at.toISOString(),
          memeId: row.meme_id,
          authorId: row.author_id === null ? null : Number(row.author_id),
          likes: row.likes,
          authorReward: row.author_reward,
          pool: Number(row.pool),
          votes: row.votes,
          winners: row.winners,
          paidOut: Number(row.paid_out),
          refunded: Number(row.refunded),
        }
      : null;
  }

  async votes(day: string): Promise<AdminFeedDayDto['votes']> {
    const rows: { count: number; pool: string }[] = await this.dataSource.query(
      `SELECT count(*)::integer AS count, COALESCE(sum(amount), 0) AS pool FROM feed_votes WHERE day = $1`,
      [day],
    );
    return { count: rows[0]!.count, pool: Number(rows[0]!.pool) };
  }

  /** The day's memes by likes (deck likes and feed votes of the day), as the settlement ranks them. */
  async leaders(day: string): Promise<AdminFeedDayDto['leaders']> {
    const rows: { id: string; owner_id: string; thumbnail_key: string; likes: number; votes: number }[] =
      await this.dataSource.query(
        `WITH bounds AS (SELECT $1::date::timestamp AT TIME ZONE 'UTC' AS starts,
                                ($1::date + 1)::timestamp AT TIME ZONE 'UTC' AS ends),
              votes AS (SELECT meme_id, count(*) AS votes FROM feed_votes v, bounds b
                         WHERE v.day = $1 AND v.created_at >= b.starts AND v.created_at < b.ends
                         GROUP BY meme_id)
         SELECT m.id, m.owner_id, m.thumbnail_key, COALESCE(v.votes, 0)::integer AS votes,
                ((SELECT count(*) FROM swipes s
                   WHERE s.meme_id = m.id AND s.liked AND s.created_at >= b.starts AND s.created_at < b.ends)
                 + COALESCE(v.votes, 0))::integer AS likes
           FROM memes m CROSS JOIN bounds b
           LEFT JOIN votes v ON v.meme_id = m.id
          WHERE m.contest_day = $1 AND m.generation_id IS NOT NULL AND (m.is_published OR v.votes > 0)
          ORDER BY likes DESC, m.first_published_at ASC, m.id ASC
          LIMIT $2`,
        [day, LEADERS],
      );
    return rows.map((row) => ({
      memeId: row.id,
      ownerId: Number(row.owner_id),
      thumbnailUrl: mediaUrl(row.thumbnail_key),
      likes: row.likes,
      votes: row.votes,
    }));
  }
}
