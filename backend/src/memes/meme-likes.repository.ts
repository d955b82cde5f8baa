import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { AdvisoryLocks } from '../database/advisory-locks.js';
import { PendingLike } from './entities/pending-like.entity.js';

export interface NewLike {
  memeId: string;
  authorId: number;
}

/** Likes taken from the pending table, counted per meme (one author per meme). */
export interface TakenLikes {
  memeId: string;
  authorId: number;
  likes: number;
  /** The newest pending row taken for this meme (the batch's newest names the batch). */
  lastId: string;
}

/** A meme's count after a batch was added to it. */
export interface LikedMeme {
  memeId: string;
  ownerId: number;
  likes: number;
}

/** The pending_likes table and the like counts on memes. */
@Injectable()
export class MemeLikesRepository {
  constructor(@InjectRepository(PendingLike) private readonly pending: Repository<PendingLike>) {}

  /** Records likes inside the caller's transaction (they count once it commits). */
  async insert(em: EntityManager, likes: NewLike[]): Promise<void> {
    if (likes.length === 0) return;
    await em.query(
      `INSERT INTO pending_likes (meme_id, author_id) SELECT * FROM unnest($1::uuid[], $2::bigint[])`,
      [likes.map((like) => like.memeId), likes.map((like) => like.authorId)],
    );
  }

  /**
   * The same insert as a CTE of a caller's statement (a swipe's): `source` selects the likes,
   * columns `(meme_id, author_id)`.
   */
  insertCte(name: string, source: string): string {
    return `${name} AS (
              INSERT INTO pending_likes (meme_id, author_id)
              SELECT l.meme_id, l.author_id FROM (${source}) AS l)`;
  }

  /** Waits while another replica applies a batch (the lock ends with the transaction). */
  async lockFlush(em: EntityManager): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock($1, $2)`, [...AdvisoryLocks.likesFlush]);
  }

  async anyPending(): Promise<boolean> {
    const [row]: { any: boolean }[] = await this.pending.query(
      `SELECT EXISTS (SELECT 1 FROM pending_likes) AS any`,
    );
    return row!.any;
  }

  /** Deletes up to `limit` of the oldest pending likes and answers them counted per meme. */
  async takeBatch(em: EntityManager, limit: number): Promise<TakenLikes[]> {
    const rows: { meme_id: string; author_id: string; likes: number; last_id: string }[] = await em.query(
      `WITH taken AS (
         DELETE FROM pending_likes
          WHERE id IN (SELECT id FROM pending_likes ORDER BY id LIMIT $1)
         RETURNING id, meme_id, author_id)
       SELECT meme_id, author_id, count(*)::integer AS likes, max(id)::text AS last_id
         FROM taken GROUP BY meme_id, author_id`,
      [limit],
    );
    return rows.map((row) => ({
      memeId: row.meme_id,
      authorId: Number(row.author_id),
      likes: row.likes,
      lastId: row.last_id,
    }));
  }

  /** Adds likes to the memes' counts in one statement; answers the new counts (memes deleted since: none). */
  async addToMemes(em: EntityManager, likes: { memeId: string; likes: number }[]): Promise<LikedMeme[]> {
    const [rows]: [{ id: string; owner_id: string; likes: number }[], number] = await em.query(
      `UPDATE memes m SET likes = m.likes + t.likes
         FROM unnest($1::uuid[], $2::integer[]) AS t(id, likes)
        WHERE m.id = t.id
        RETURNING m.id, m.owner_id, m.likes`,
      [likes.map((like) => like.memeId), likes.map((like) => like.likes)],
    );
    return rows.map((row) => ({ memeId: row.id, ownerId: Number(row.owner_id), likes: row.likes }));
  }

  /** A meme's likes, the pending ones included (exact, unlike the applied count alone). */
  async countOf(memeId: string, em: EntityManager = this.pending.manager): Promise<number> {
    const [row]: { likes: number }[] = await em.query(
      `SELECT m.likes + (SELECT count(*) FROM pending_likes p WHERE p.meme_id = m.id)::integer AS likes
         FROM memes m WHERE m.id = $1`,
      [memeId],
    );
    return row?.likes ?? 0;
  }
}
